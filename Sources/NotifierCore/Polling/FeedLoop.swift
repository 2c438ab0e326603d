import Foundation
import NotifierEngine

/// The daemon's one poll loop, shared by every polling round: a poll, then a rest of the feed's
/// interval while it works, or of a growing, jittered backoff after failures in a row, never
/// shorter than a server's `Retry-After` (itself bounded by `Backoff.maximum`). A paced loop
/// keeps its schedule across a reload that left its settings as they were.
package struct FeedLoop<Settings: Equatable & Sendable>: Sendable {
    /// Pacing's key (`FeedPacing`) and what a reload must leave alone to keep the schedule;
    /// `nil` for a loop that polls at once after every start.
    package var pacing: (key: String, settings: Settings)?
    package var interval: Duration
    package var backoff = Backoff()

    package init(pacing: (key: String, settings: Settings)?, interval: Duration) {
        self.pacing = pacing
        self.interval = interval
    }

    /// Polls until cancelled. `paced`: told the wait a reload keeps, before it is waited.
    /// (A kind that schedules many sources from one task takes only `delay(after:random:)`.)
    package func run(
        _ env: FeedEnvironment, random: SeededGenerator = .jitter(), paced: (Duration) -> Void = { _ in }, poll: () async -> PollReport
    ) async {
        var random = random
        if let pacing, let wait = await env.pacing?.firstWait(feed: pacing.key, settings: pacing.settings, interval: interval, now: env.now()) {
            paced(wait)
            await rest(env, for: wait, backingOff: false)
        }
        while !Task.isCancelled {
            if let pacing { await env.pacing?.polled(feed: pacing.key, settings: pacing.settings, at: env.now()) }
            let outcome = await Self.inChildTask(poll)
            if let pacing { await env.pollRequests?.polled(pacing.key, at: env.now()) }
            await rest(env, for: delay(after: outcome, random: &random), backingOff: outcome.failures > 0)
        }
        if let pacing { await env.pollRequests?.stopped(pacing.key) }
    }

    /// The wait between polls; a paced loop's ends early when a live screen asks it to poll
    /// (`PollRequests`), unless it is backing off.
    private func rest(_ env: FeedEnvironment, for duration: Duration, backingOff: Bool) async {
        guard let pacing, let requests = env.pollRequests else { return await env.rest(for: duration) }
        // A task of its own, so that a request ends the rest by cancelling it.
        let rest = Task { await env.rest(for: duration) }
        await requests.resting(pacing.key, backingOff: backingOff, rest: rest)
        await withTaskCancellationHandler {
            await rest.value
        } onCancel: {
            rest.cancel()
        }
    }

    /// `poll` as a child task, which the loop awaits at once. A task's allocator keeps the slabs
    /// its deepest frames took until the task ends: polled in the loop's own task, a poll's
    /// deepest moment stayed allocated for the daemon's life (docs/performance.md).
    private static func inChildTask(_ poll: () async -> PollReport) async -> PollReport {
        await withoutActuallyEscaping(poll) { poll in
            let handed = HandedPoll(poll: poll)
            async let report = handed.poll()
            return await report
        }
    }

    package func delay(after poll: PollReport, random: inout SeededGenerator) -> Duration {
        backoff.delay(afterConsecutiveFailures: poll.failures, retryAfter: poll.retryAfter, normalInterval: interval, random: &random)
    }
}

/// A loop's poll, handed to the child task that runs it while the loop waits for it: never run
/// beside the loop, and the loop's callers are not isolated to an actor.
private struct HandedPoll: @unchecked Sendable {
    let poll: () async -> PollReport
}

/// What a poll tells its loop.
package struct PollReport: Sendable {
    /// The failures in a row as the round counts them (its health's); 0 after a success.
    package var failures: Int
    /// The server's `Retry-After`, if it sent one.
    package var retryAfter: Duration?

    package static var succeeded: PollReport { PollReport(failures: 0, retryAfter: nil) }
    package init(failures: Int, retryAfter: Duration? = nil) {
        self.failures = failures
        self.retryAfter = retryAfter
    }
}

/// The settings of a loop that is not paced: a reload polls at once.
package struct Unpaced: Equatable, Sendable {}

extension FeedLoop where Settings == Unpaced {
    package init(interval: Duration) {
        self.init(pacing: nil, interval: interval)
    }
}

extension Optional where Wrapped == FeedError {
    /// A poll's `Retry-After`, as a wait.
    package var retryAfter: Duration? { self?.retryAfterSeconds.map { .seconds($0) } }
}
