import Foundation
import Logging
import NotifierEngine

/// One feed's health across polls: degraded after N failures in a row, recovered on the first
/// success after that, each said once.
package actor FeedHealthTracker {
    private var health: FeedHealth
    private let feed: String
    private let store: Store?

    package init(feed: String, store: Store?, degradedAfter: Int) {
        self.feed = feed
        self.store = store
        health = (try? store?.feedHealth(feed: feed))?.health ?? FeedHealth()
        health.degradedAfter = degradedAfter // the config in force, not the one stored
    }

    package var consecutiveFailures: Int { health.consecutiveFailures }

    package func record(_ error: FeedError?, now: Date) -> Alert? {
        let event = error == nil ? health.recordSuccess(now: now) : health.recordFailure(now: now)
        try? store?.saveFeedHealth(feed: feed, health: health, lastError: error?.description, now: now)
        guard let event else { return nil }
        return FeedHealthRule.alert(feed: feed, event: event, failures: health.consecutiveFailures, cause: error?.cause)
    }
}
