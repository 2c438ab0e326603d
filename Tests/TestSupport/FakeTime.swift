import Foundation

/// A program run with its wall clock set by libfaketime, preloaded directly. Not the `faketime`
/// wrapper: it names a semaphore after its own pid, and where a stale one of that name is left
/// (a suite starts thousands of short processes) it says "sem_open: File exists" and runs
/// nothing, exiting 0.
public enum FakeTime {
    public static let library = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"

    /// What `LD_PRELOAD` names: Tests/Preload/monotonic-timers.c, compiled once, before
    /// libfaketime. libfaketime moves every absolute timerfd deadline by the faked offset, the
    /// monotonic ones libdispatch arms for each `Task.sleep` too: with a faked time in the past,
    /// a one-second sleep lasted days and a `--once` pass never ended. Without a C compiler, the
    /// library alone.
    public static let preload: String = {
        guard let shim = try? compiledShim() else { return library }
        return shim + ":" + library
    }()

    /// `environment` with the clock starting at `time` ("2026-11-25 08:00:00", local to the
    /// environment's TZ) and running on from there; the monotonic clock stays real, so waits end.
    public static func environment(_ environment: [String: String], at time: String) -> [String: String] {
        var faked = environment
        faked["LD_PRELOAD"] = preload
        faked["DONT_FAKE_MONOTONIC"] = "1"
        faked["FAKETIME"] = time.hasPrefix("@") ? time : "@" + time
        return faked
    }

    /// Runs `notifier arguments` at `time`. Through a shell's exec: a program spawned directly
    /// with libfaketime preloaded loses its arguments (seen with Foundation's Process and
    /// Python's Popen alike; a shell's exec keeps them).
    public static func notifier(_ arguments: [String], at time: String, environment: [String: String]) async throws -> ProcessResult {
        try await ProcessRunner.run(
            "/bin/sh", ["-c", "exec \"$0\" \"$@\"", ProcessRunner.notifierPath] + arguments,
            environment: Self.environment(environment, at: time))
    }

    /// The shim built from its source beside the tests into the checkout's `.build`, keyed by
    /// the source's contents; written under another name and renamed, so that test processes
    /// running side by side never load half a file.
    static func compiledShim() throws -> String {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let source = tests.appendingPathComponent("Preload/monotonic-timers.c")
        let text = try String(contentsOf: source, encoding: .utf8)
        let directory = tests.deletingLastPathComponent().appendingPathComponent(".build/test-preload")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let shim = directory.appendingPathComponent("monotonic-timers-\(UInt32(truncatingIfNeeded: text.hashValueStable)).so")
        if FileManager.default.fileExists(atPath: shim.path) { return shim.path }
        let partial = directory.appendingPathComponent("partial-\(getpid())-\(UUID().uuidString).so")
        let result = try ProcessRunner.runBlocking(
            "/usr/bin/env", ["cc", "-shared", "-fPIC", "-O2", "-o", partial.path, source.path, "-ldl"], environment: ProcessInfo.processInfo.environment,
            timeout: .seconds(60))
        guard result.status == 0 else {
            try? FileManager.default.removeItem(at: partial)
            throw CocoaError(.executableLoad)
        }
        _ = rename(partial.path, shim.path)
        return shim.path
    }
}

extension String {
    /// FNV-1a over the UTF-8 bytes: the same in every process, unlike `hashValue`.
    fileprivate var hashValueStable: UInt64 {
        utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
