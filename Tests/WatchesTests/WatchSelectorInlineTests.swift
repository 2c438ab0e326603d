import Foundation
import NotifierWatches
import TestSupport
import Testing

/// A plain path over a small input runs in-process, without a child: the same libjq, the same
/// compiled program, so the same outcome as a child's (and the `jq` program's: `JqReferenceTests`).
@Suite struct WatchSelectorInlineTests {
    @Test(arguments: [
        (".", true), (".value", true), (".a.b[0].c", true), (".data[].symbol", true), (".[0]", true), (".[]", true),
        (#".["a b"].c"#, true), (".a | .b", true), (#"(if type == "array" then .[0] else .["0"] end) | .["x"]"#, true),
        (" .a  |\t.b[1] ", true),
        (#".["a\"b"].c[123456789]"#, true), (".[1234567890]", false), (#".["\u0041"]"#, true), (".a .b", false),
        (".a[]?", false), ("..", false), ("length", false), (".a | tonumber", false), ("[.a]", false), (#"["a"]"#, false),
        (#".["\(1+1)"]"#, false), ("repeat(.)", false), (".a, .b", false), (".a // 0", false), ("$__loc__", false),
    ])
    func whichProgramsArePlainPaths(program: String, plain: Bool) throws {
        #expect(try WatchSelector(program).isPlainPath == plain, "\(program)")
    }

    static let documents = [
        #"{"value": 42, "name": "w", "tags": ["v1.0", "v1.1"], "ok": true, "nested": {"a": [{"b": 1.5}, {"b": null}]}}"#,
        #"[{"tag_name": "v6.1"}, {"tag_name": "v6.0"}]"#, #"{"value": "text"}"#, "5", "null", "<html>not json</html>", "",
    ]
    static let programs = [".value", ".tags[]", ".nested.a[].b", ".nested.a[0]", ".[].tag_name", ".[0]", ".", "/nested/a/0/b", "/0/tag_name", ".value.deeper"]

    @Test func inlineAndChildAgree() async throws {
        var inlineRuns = 0
        for program in Self.programs {
            let selector = try WatchSelector(program)
            for document in Self.documents {
                let input = Data(document.utf8)
                let inline = await selector.select(input)
                let child = await selector.select(input, limits: .init(inlineInputBytes: -1))
                #expect(inline == child, "\(program) over \(document)")
                if selector.isPlainPath { inlineRuns += 1 }
            }
        }
        #expect(inlineRuns == Self.programs.count * Self.documents.count)
    }

    /// An error message's newlines become spaces in the child's one line; the rest of it
    /// arrives whole.
    @Test func aChildsErrorStaysOneLine() async throws {
        let selector = try WatchSelector(#"error("first\nsecond " + (. | tostring))"#)
        let outcome = await selector.select(Data(#"{"a":1}"#.utf8), limits: .init(inlineInputBytes: -1))
        guard case .failed(let message) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(message.contains("first second {\"a\":1}"), "\(message)")
    }

    /// The output bound holds in-process too; a larger input goes to a child as before.
    @Test func boundsHoldInline() async throws {
        let many = Data(("[" + (0..<5000).map { "\"item-\($0)\"" }.joined(separator: ",") + "]").utf8)
        #expect(await (try WatchSelector(".[]")).select(many, limits: .init(outputBytes: 1 << 10)) == .stopped("selected more than 1 KiB and was stopped"))
        let large = Data(("{\"pad\": \"" + String(repeating: "x", count: 80 << 10) + "\", \"value\": 7}").utf8)
        #expect(await (try WatchSelector(".value")).select(large) == .values([.number(7)]))
    }

    /// Inline runs on many threads at once, beside forked runs of the same program: each gets its own answer.
    @Test func concurrentRunsOfOneProgram() async throws {
        let selector = try WatchSelector(".n")
        let outcomes = await withTaskGroup(of: WatchSelector.Outcome.self, returning: [WatchSelector.Outcome].self) { group in
            for n in 0..<200 {
                group.addTask { await selector.select(Data("{\"n\": \(n)}".utf8), limits: .init(inlineInputBytes: n % 4 == 0 ? -1 : 64 << 10)) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(outcomes.compactMap { if case .values(let values) = $0 { values.first?.number } else { nil } }) == Set((0..<200).map(Double.init)))
    }
}
