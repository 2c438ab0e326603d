import Foundation
import NotifierWatches
import TestSupport
import Testing

/// A watch's selector through libjq (checked against the `jq` program in `JqReferenceTests`);
/// its bounds stop a program that never ends or eats memory, and the caller goes on.
@Suite struct WatchSelectorTests {
    @Test func jsonPointerEscapesAndIndices() async throws {
        let data = Data(#"{"a/b": {"m~n": [10, 20]}, "0": "key zero", "list": ["x"]}"#.utf8)
        #expect(await (try WatchSelector("/a~1b/m~0n/1")).select(data) == .values([.number(20)]))
        #expect(await (try WatchSelector("/0")).select(data) == .values([.text("key zero")]))
        #expect(await (try WatchSelector("/list/0")).select(data) == .values([.text("x")]))
        #expect(throws: WatchSelector.SelectorError.self) { try WatchSelector("/a~2") }
    }

    @Test func aCompileErrorIsJqsOwnMessage() {
        #expect {
            try WatchSelector(".items[0")
        } throws: { error in
            let message = (error as? WatchSelector.SelectorError)?.message ?? ""
            return message.contains("syntax error") && !message.contains("compile error")
        }
        #expect(throws: WatchSelector.SelectorError.self) { try WatchSelector("nosuchfunction(1)") }
        #expect(throws: WatchSelector.SelectorError.self) { try WatchSelector("  ") }
    }

    @Test func aRuntimeErrorIsNotAValue() async throws {
        let outcome = await (try WatchSelector(".a.b")).select(Data(#"{"a": 5}"#.utf8))
        guard case .failed(let message) = outcome else {
            Issue.record("got \(outcome)")
            return
        }
        #expect(message.contains("Cannot index number"))
    }

    @Test func textThatIsNotJSONIsOneString() async throws {
        let input = Data("Core 0: +45.0°C\nCore 1: +47.5°C\n".utf8)
        guard case .notJSON = await (try WatchSelector(".")).select(input) else {
            Issue.record("text read as JSON")
            return
        }
        let outcome = await (try WatchSelector("[scan(\"\\\\+([0-9.]+)\")[0] | tonumber] | max")).select(input, asText: true)
        #expect(outcome == .values([.number(47.5)]))
    }

    @Test func aProgramThatNeverEndsIsStoppedWithinTheBound() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        // The bound is CPU time, which the kernel enforces: before the wall-clock backstop
        // (1 s of CPU alone takes 1 s; a loaded run, where it has seen 20 s, shares the cores).
        let outcome = await (try WatchSelector("last(repeat(.))")).select(Data("1".utf8), limits: .init(wall: .seconds(90)))
        let elapsed = clock.now - start
        #expect(outcome == .stopped("ran longer than 1 s and was stopped"))
        #expect(elapsed >= .seconds(1) && elapsed < .seconds(80), "stopped after \(elapsed)")
        // `repeat(.)` itself writes without end: stopped by the output bound, at once.
        #expect(await (try WatchSelector("repeat(.)")).select(Data("1".utf8)) == .stopped("selected more than 1024 KiB and was stopped"))
        // And the next selector runs as ever.
        #expect(await (try WatchSelector(".a")).select(Data(#"{"a": 1}"#.utf8)) == .values([.number(1)]))
    }

    @Test func aProgramThatEatsMemoryIsStopped() async throws {
        let limits = WatchSelector.Limits(time: .seconds(5), memoryBytes: 64 << 20)
        // A text doubling in length: 64 MiB within a few dozen steps.
        let outcome = await (try WatchSelector("\"x\" | until(length > 1e10; . + .) | length")).select(Data("null".utf8), limits: limits)
        #expect(outcome == .stopped("needed more than 64 MiB and was stopped"))
    }

    @Test func tooMuchOutputIsStopped() async throws {
        let outcome = await (try WatchSelector("range(1e7)")).select(Data("null".utf8), limits: .init(outputBytes: 1 << 16))
        #expect(outcome == .stopped("selected more than 64 KiB and was stopped"))
    }

    @Test func manySelectorsAtOnce() async throws {
        let selector = try WatchSelector(".n")
        let outcomes = await withTaskGroup(of: WatchSelector.Outcome.self, returning: [WatchSelector.Outcome].self) { group in
            for n in 0..<40 { group.addTask { await selector.select(Data("{\"n\": \(n)}".utf8)) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(outcomes.compactMap { if case .values(let values) = $0 { values.first?.number } else { nil } }) == Set((0..<40).map(Double.init)))
    }

    /// A selector's child keeps none of this process's descriptors but its pipe: a copy of a
    /// program being written elsewhere in the process would keep it from starting (ETXTBSY)
    /// for as long as the selector runs.
    @Test func theSelectorsChildKeepsNoneOfOurDescriptors() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("being-written-\(UUID().uuidString)").path
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o700) // no O_CLOEXEC, as a program being written
        #expect(descriptor >= 0)
        defer {
            close(descriptor)
            unlink(path)
        }
        // On a thread of its own, not a task: in a loaded run the cooperative pool may not start
        // a task for seconds; and the thread's own children are this selector's child alone.
        // Limits long enough to be seen in a loaded run; the test ends the child itself.
        let selector = try WatchSelector("last(repeat(.))")
        let finished = DispatchSemaphore(value: 0)
        // "/proc/PID/task/TID": the thread's id, which glibc's gettid gives but Swift's Glibc does not.
        let thread: pid_t? = await withCheckedContinuation { told in
            Thread {
                told.resume(
                    returning: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"))?.split(separator: "/").last.flatMap {
                        pid_t($0)
                    })
                _ = selector.selectBlocking(Data("1".utf8), limits: .init(time: .seconds(120), wall: .seconds(120)))
                finished.signal()
            }.start()
        }
        var child: pid_t?
        let found = await eventually(timeout: .seconds(60), every: .milliseconds(10)) {
            child = thread.map(Self.children(ofThread:))?.first
            return child != nil
        }
        #expect(found, "no selector child seen")
        guard let child else { return }
        // Past its first instructions, where it closes what it inherited.
        try await Task.sleep(for: .milliseconds(100))
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(child)/fd")) ?? []
        let targets = open.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child)/fd/\($0)") }
        #expect(!targets.contains(path), "the child holds \(path): \(targets)")
        #expect(open.compactMap(Int.init).allSatisfy { $0 <= 3 }, "descriptors 0-2 and its pipe only: \(open)")
        kill(child, SIGKILL)
        #expect(finished.wait(timeout: .now() + 30) == .success, "the selector outlived its child")
    }

    /// The children a thread of this process forked.
    static func children(ofThread thread: pid_t) -> [pid_t] {
        ProcFile.text("/proc/self/task/\(thread)/children").split(separator: " ").compactMap { pid_t($0) }
    }
}
