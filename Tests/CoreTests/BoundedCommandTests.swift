import Foundation
import NotifierCore
import NotifierSystem
import TestSupport
import Testing

/// A command's run as the program does it: real processes, this process's signal settings as
/// hostile as a service manager may leave them, and what the command starts counted afterwards.
@Suite(.serialized) struct BoundedCommandTests {
    /// Runs `body` on this thread with SIGTERM, SIGINT, SIGHUP and SIGALRM blocked, and SIGTERM
    /// and SIGPIPE ignored, as a daemon under a service manager may have them; then restores both.
    static func withHostileSignals<T>(_ body: () throws -> T) rethrows -> T {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGALRM] { sigaddset(&blocked, signal) }
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previousMask)
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        var previousTerm = sigaction()
        var previousPipe = sigaction()
        sigaction(SIGTERM, &ignore, &previousTerm)
        sigaction(SIGPIPE, &ignore, &previousPipe)
        defer {
            sigaction(SIGTERM, &previousTerm, nil)
            sigaction(SIGPIPE, &previousPipe, nil)
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        return try body()
    }

    /// On a thread of its own (`offThePool`): a run blocks for seconds, which on the cooperative
    /// pool would stall the loopback servers of the same test run.
    static func run(_ argv: [String], timeout: Duration = .seconds(10), stop: CommandStop = CommandStop()) async throws -> (BoundedCommand.Outcome, Duration) {
        try await offThePool { Result { try runHere(argv, timeout: timeout, stop: stop) } }.get()
    }

    /// The run on the calling thread, whose signal mask the child would inherit.
    static func runHere(_ argv: [String], timeout: Duration = .seconds(10), stop: CommandStop = CommandStop()) throws -> (BoundedCommand.Outcome, Duration) {
        let started = ContinuousClock.now
        let outcome = try BoundedCommand.run(argv, environment: ["PATH": "/usr/bin:/bin"], timeout: timeout, outputLimit: 1 << 20, stop: stop)
        return (outcome, started.duration(to: .now))
    }

    /// `argv` run off the pool on a thread with hostile signal settings.
    static func runWithHostileSignals(_ argv: [String]) async throws -> (BoundedCommand.Outcome, Duration) {
        try await offThePool { Result { try withHostileSignals { try runHere(argv) } } }.get()
    }

    @Test func theCommandStartsWithNoSignalBlockedOrIgnored() async throws {
        let (outcome, _) = try await Self.runWithHostileSignals(["/bin/cat", "/proc/self/status"])
        let status = String(decoding: outcome.output, as: UTF8.self)
        #expect(outcome.end == .exited(0))
        #expect(status.contains("SigBlk:\t0000000000000000") && status.contains("SigIgn:\t0000000000000000"), "\(status)")
    }

    @Test func timeoutStopsWhatItStartedEvenUnderABlockedMask() async throws {
        // Bounds of a second: the suite runs one test at a time, and in the parallel lane each
        // of its awaits resumes behind the other suites' queued tests, so its waits end the lane.
        let (outcome, took) = try await Self.runWithHostileSignals(["/usr/bin/timeout", "1", "/bin/sleep", "15"])
        #expect(outcome.end == .exited(124))
        #expect(took < .seconds(5), "\(took)")
    }

    @Test func aChildHoldingTheOutputIsKilledAtTheBound() async throws {
        let (outcome, took) = try await Self.run(["/bin/sh", "-c", "sleep 1231 & echo 1"], timeout: .seconds(1))
        #expect(outcome.end == .timedOut(programExited: true))
        #expect(took >= .seconds(1) && took < .seconds(4), "\(took)")
        #expect(RunningPrograms.gone(["sleep", "1231"]))
    }

    @Test func aDetachedChildGoesWithTheRun() async throws {
        let (outcome, took) = try await Self.run(["/bin/sh", "-c", "sleep 1232 >/dev/null 2>&1 & echo 1"])
        #expect(outcome.end == .exited(0))
        #expect(String(decoding: outcome.output, as: UTF8.self) == "1\n")
        #expect(took < .seconds(2), "\(took)")
        #expect(RunningPrograms.gone(["sleep", "1232"]))
    }

    @Test func aStopEndsTheRunAndItsGroup() async throws {
        let stop = CommandStop()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { stop.stop() }
        let (outcome, took) = try await Self.run(["/bin/sh", "-c", "sleep 1233 & sleep 1234"], stop: stop)
        #expect(outcome.end == .stopped)
        #expect(took < .seconds(3), "\(took)")
        #expect(RunningPrograms.gone(["sleep", "1233"], ["sleep", "1234"]))
    }

    @Test func outputPastTheLimitEndsTheRun() async throws {
        let outcome = try BoundedCommand.run(
            ["/usr/bin/yes"], environment: [:], timeout: .seconds(10), outputLimit: 1 << 16)
        #expect(outcome.end == .tooMuchOutput)
    }
}
