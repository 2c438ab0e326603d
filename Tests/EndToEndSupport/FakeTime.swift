import Foundation
import TestSupport

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

    /// The shim as scripts/test-preload builds it into the checkout's `.build` before the suite;
    /// built here where it is missing or older than its source (a `swift test` run directly),
    /// under another name and renamed, so that test processes side by side never load half a file.
    static func compiledShim() throws -> String {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let source = tests.appendingPathComponent("Preload/monotonic-timers.c")
        let directory = tests.deletingLastPathComponent().appendingPathComponent(".build/test-preload")
        let shim = directory.appendingPathComponent("monotonic-timers.so")
        let modified = { (url: URL) in (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate]) as? Date }
        if let built = modified(shim), let written = modified(source), built > written { return shim.path }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
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
