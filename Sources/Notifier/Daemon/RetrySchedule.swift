import Feeds
import Rules

/// When a feed polls next: its interval while it works, a growing backoff after failures in a
/// row, and never sooner than a server's Retry-After.
struct RetrySchedule {
    private var failures = 0
    private let backoff = Backoff()

    mutating func delay(after error: FeedError?, interval: Duration) -> Duration {
        failures = error == nil ? 0 : failures + 1
        var random = SeededGenerator.jitter()
        return backoff.delay(afterConsecutiveFailures: failures, retryAfter: error?.retryAfterSeconds.map { .seconds($0) },
                             normalInterval: interval, random: &random)
    }
}
