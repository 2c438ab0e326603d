import Foundation

/// A feed failing poll after poll, and its recovery, each told once. Its state is the feed's
/// `FeedHealth`, kept by the feed's round rather than the engine; it is a rule like the others
/// all the same: `notifier rules` lists it, `mute feed_health` silences it, `why` explains it.
public struct FeedHealthRule: Rule {
    public static let id = "feed_health"
    public static let summary = "A feed's polls failing several times in a row, and their recovery"
    /// Decided where the feed's polls are, so the dispatcher, not the engine, applies its mute.
    public static let decidedByTheEngine = false

    /// What a health event tells: `failures` in a row, the last one's `cause`.
    public static func alert(feed: String, event: FeedHealth.Event, failures: Int, cause: String?) -> Alert {
        let degraded = event == .degraded
        let title = degraded ? "\(feed) feed is failing" : "\(feed) feed recovered"
        let body =
            degraded
            ? (failures == 1 ? "A poll failed: " : "\(failures) polls in a row failed; the last: ") + (cause ?? "unknown")
            : "Polls succeed again."
        return Alert(
            rule: id, key: feed, title: title, body: body, urgency: degraded ? .normal : .low,
            category: "x-notifier.feed", deepLink: DeepLink.feed(feed) ?? .history, icon: degraded ? "network-error" : "network-idle",
            reason: degraded ? "\(failures) failed polls in a row" : "a poll succeeded after failures")
    }

    public static let examples: [RuleExample] = [
        RuleExample("three failures in a row, the third tells", .fires({ $0.count == 1 && $0[0].title == "crypto feed is failing" })) {
            events(failures: 3, degradedAfter: 3)
        },
        RuleExample("two failures of three needed stay silent", .staysSilent) { events(failures: 2, degradedAfter: 3) },
        RuleExample("a success after failing says it recovered", .fires({ $0.last?.title == "crypto feed recovered" })) {
            events(failures: 1, degradedAfter: 1, thenSuccess: true)
        },
    ]

    private static func events(failures: Int, degradedAfter: Int, thenSuccess: Bool = false) -> [Alert] {
        var health = FeedHealth(degradedAfter: degradedAfter)
        let start = Date(timeIntervalSinceReferenceDate: 0)
        var alerts: [Alert] = []
        for poll in 0..<failures {
            if let event = health.recordFailure(now: start.addingTimeInterval(Double(poll) * 60)) {
                alerts.append(alert(feed: "crypto", event: event, failures: health.consecutiveFailures, cause: "HTTP 503"))
            }
        }
        if thenSuccess, let event = health.recordSuccess(now: start.addingTimeInterval(Double(failures) * 60)) {
            alerts.append(alert(feed: "crypto", event: event, failures: 0, cause: nil))
        }
        return alerts
    }
}
