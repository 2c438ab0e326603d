import Foundation

/// A program run with its wall clock set by libfaketime, preloaded directly. Not the `faketime`
/// wrapper: it names a semaphore after its own pid, and where a stale one of that name is left
/// (a suite starts thousands of short processes) it says "sem_open: File exists" and runs
/// nothing, exiting 0.
public enum FakeTime {
    public static let library = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"

    /// `environment` with the clock starting at `time` ("2026-11-25 08:00:00", local to the
    /// environment's TZ) and running on from there; the monotonic clock stays real, so waits end.
    public static func environment(_ environment: [String: String], at time: String) -> [String: String] {
        var faked = environment
        faked["LD_PRELOAD"] = library
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
}
