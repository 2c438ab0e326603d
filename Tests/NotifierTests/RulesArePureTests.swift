import Foundation
import Testing

/// A feed's rules see the engine, not the core or the system layer: each file under
/// `Sources/Feeds/<Feed>/Rules` imports Foundation and the engine only, and the feed libraries
/// build with MemberImportVisibility, so that nothing an import does not bring compiles there.
@Suite struct RulesArePureTests {
    /// FoundationEssentials is Foundation's own (the exact decimals read its parser), and
    /// Synchronization the standard library's lock (what the crypto rules keep between polls).
    static let allowed: Set<String> = ["Foundation", "FoundationEssentials", "NotifierEngine", "Synchronization"]

    @Test func aFeedsRulesImportTheEngineOnly() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Feeds")
        var checked = 0
        for feed in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let rules = sources.appendingPathComponent(feed).appendingPathComponent("Rules")
            for file in (try? FileManager.default.contentsOfDirectory(atPath: rules.path)) ?? [] where file.hasSuffix(".swift") {
                let text = try String(contentsOf: rules.appendingPathComponent(file), encoding: .utf8)
                let imports = text.split(separator: "\n").compactMap { line in
                    let words = line.split(separator: " ")
                    guard let at = words.firstIndex(of: "import"), words[..<at].allSatisfy({ $0.hasPrefix("@") }), at + 1 < words.count else {
                        return nil as String?
                    }
                    return String(words[at + 1])
                }
                #expect(Set(imports).subtracting(Self.allowed).isEmpty, "\(feed)/Rules/\(file) imports \(imports)")
                checked += 1
            }
        }
        #expect(checked > 30, "the feeds' Rules folders were not found under \(sources.path)")
    }
}
