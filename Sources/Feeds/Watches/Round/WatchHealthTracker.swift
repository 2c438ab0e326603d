import Foundation
import NotifierCore
import NotifierEngine

/// One watch's two kinds of health, each told once when it goes and once when it comes back:
/// the fetch (failing after 3 polls in a row, as a feed) and the selector (nothing usable in 3
/// fetches that worked).
package actor WatchHealthTracker {
    package static let failingAfter = 3

    private let watch: WatchSettings
    private let store: Store?
    private var fetchHealth: FeedHealth
    package private(set) var selectorHealth: SelectorHealth

    package init(watch: WatchSettings, store: Store?) {
        self.watch = watch
        self.store = store
        fetchHealth = (try? store?.feedHealth(feed: "watch:\(watch.name)"))?.health ?? FeedHealth()
        fetchHealth.degradedAfter = Self.failingAfter
        selectorHealth = (try? store?.watchState(watch.name))?.selectorHealth ?? SelectorHealth()
    }

    package var consecutiveFailures: Int { fetchHealth.consecutiveFailures }

    private var link: DeepLink { DeepLink.watch(watch.name) ?? .history }

    package func fetch(_ error: FeedError?, now: Date) -> Alert? {
        let wasFailing = fetchHealth.consecutiveFailures > 0
        let event = error == nil ? fetchHealth.recordSuccess(now: now) : fetchHealth.recordFailure(now: now)
        // A success after successes changes nothing worth a write (watch_state has the time):
        // one transaction a poll fewer, for 200 watches.
        if error != nil || wasFailing {
            try? store?.saveFeedHealth(feed: "watch:\(watch.name)", health: fetchHealth, lastError: error?.description, now: now)
        }
        guard let event else { return nil }
        let failing = event == .degraded
        let title = failing ? "\(watch.name): fetch is failing" : "\(watch.name): fetch works again"
        let body = failing ? "\(fetchHealth.consecutiveFailures) fetches in a row failed; the last: \(error?.cause ?? "unknown")" : "Fetches succeed again."
        // The built-in feeds' notice, keyed apart from theirs.
        return Alert(
            rule: FeedHealthRule.id, key: "watch:\(watch.name)", title: title, body: body, urgency: failing ? .normal : .low,
            category: "x-notifier.feed", deepLink: link, icon: failing ? "network-error" : "network-idle",
            reason: failing ? "\(fetchHealth.consecutiveFailures) failed fetches in a row" : "a fetch worked after failures")
    }

    package func selector(matched: Bool, reason: String, now: Date) -> Alert? {
        guard let event = selectorHealth.record(matched: matched) else { return nil }
        let lost = event == .matchesNothing
        let select = WatchRule.clipped(watch.select)
        let title = lost ? "\(watch.name): \(select) matched nothing in \(SelectorHealth.after) fetches" : "\(watch.name): \(select) matches again"
        let body = lost ? "The last: \(reason). No value is not 0: nothing is decided until it matches." : "Its value counts again."
        // A health notice as the feeds' are: not one of the watch's conditions.
        return Alert(
            rule: FeedHealthRule.id, key: "watch:\(watch.name):select", title: title, body: body, urgency: lost ? .normal : .low,
            category: "x-notifier.watch", deepLink: link, icon: lost ? "dialog-warning" : "dialog-information",
            reason: lost ? "no value in \(SelectorHealth.after) fetches in a row" : "a value after fetches without one")
    }
}
