import Foundation
import NotifierCore
import NotifierEngine

/// What the store knows of one feed's (or watch's) polling, by name: its health, the last error
/// in full, when it polls next and why then, and its recent polls.
package struct FeedReport: Sendable, Equatable {
    package var name: String
    package var health: FeedHealth?
    package var lastError: String?
    package var polls: [FeedPoll]
    /// Its timer while it works; `nil` when it polls on no timer (or is disabled).
    package var interval: Duration?

    package enum State: String, Sendable {
        case ok, failing, degraded
        case notPolled = "not polled yet"
        case untimed = "no timer"
    }

    package var state: State {
        guard let health, health.lastSuccess != nil || health.lastFailure != nil else { return interval == nil && polls.isEmpty ? .untimed : .notPolled }
        if health.isDegraded { return .degraded }
        return health.consecutiveFailures > 0 ? .failing : .ok
    }

    package var lastPoll: Date? {
        [polls.first?.at, health?.lastSuccess, health?.lastFailure].compactMap { $0 }.max()
    }

    /// The next poll as the daemon schedules it: the interval after a good poll; after failures
    /// in a row the backoff, a random point between half its cap and its cap (`FeedLoop`).
    package func nextPoll(now: Date) -> (earliest: Date, latest: Date, why: String)? {
        guard let last = lastPoll else { return nil }
        let failures = health?.consecutiveFailures ?? 0
        if failures > 0 {
            let backoff = Backoff()
            let grown = Double(backoff.base.components.seconds) * pow(2, Double(min(failures - 1, 62)))
            let cap = min(grown, Double(backoff.maximum.components.seconds))
            let plural = failures == 1 ? "1 failure" : "\(failures) failures"
            return (
                last.addingTimeInterval(cap / 2), last.addingTimeInterval(cap),
                "backoff after \(plural): \(RelativeTime.span(cap / 2)) to \(RelativeTime.span(cap)) after the last"
            )
        }
        guard let interval else { return nil }
        let seconds = Double(max(0, interval.components.seconds))
        return (last.addingTimeInterval(seconds), last.addingTimeInterval(seconds), "every \(RelativeTime.span(seconds)) while it works")
    }

    /// One line for the home screen: "ok", "3 failures in a row: HTTP 500 …".
    package var healthLine: String {
        switch state {
        case .ok: return "ok"
        case .notPolled: return "not polled yet"
        case .untimed: return "no timer: read at start, on demand, or disabled"
        case .failing, .degraded:
            let failures = health?.consecutiveFailures ?? 0
            let count = failures == 1 ? "1 failure" : "\(failures) failures in a row"
            return "\(count): \(lastError ?? "unknown error")"
        }
    }

    package static func load(name: String, store: Store?, config: Config, feeds: [any FeedKind]) -> FeedReport {
        let stored = store.flatMap { try? $0.feedHealth(feed: name) }
        let polls = store.flatMap { try? $0.recentPolls(feed: name) } ?? []
        let interval = feeds.first { $0.name == name }?.pollInterval(config)
        return FeedReport(name: name, health: stored?.health, lastError: stored?.lastError, polls: polls, interval: interval)
    }
}
