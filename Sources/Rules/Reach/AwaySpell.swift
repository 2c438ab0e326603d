import Foundation

/// The time the person was away, kept across runs so that their return is told once: one
/// recap of what went to their channels instead of this desktop.
public struct AwaySpell: Sendable, Equatable, Codable {
    /// When notifier first saw them away; `nil` while present.
    public var since: Date?
    /// What went elsewhere during it, oldest first; the newest `limit` of them.
    public var sent: [Alert]
    static let limit = 200

    public init(since: Date? = nil, sent: [Alert] = []) {
        self.since = since
        self.sent = sent
    }

    /// What a look at the person's whereabouts changes.
    public enum Step: Sendable, Equatable {
        case unchanged
        /// They went away: noted from now.
        case wentAway
        /// They are back: `recap` what went elsewhere (none: nothing to tell).
        case returned(since: Date, recap: [Alert])
    }

    public mutating func observe(_ whereabouts: Whereabouts, now: Date) -> Step {
        switch (whereabouts.isAway, since) {
        case (true, nil):
            since = now
            sent = []
            return .wentAway
        case (false, let start?):
            let recap = sent
            self = AwaySpell()
            return .returned(since: start, recap: recap)
        default:
            return .unchanged
        }
    }

    /// An alert that went to a channel while away.
    public mutating func record(_ alert: Alert) {
        guard since != nil else { return }
        sent.append(contentsOf: alert.individualAlerts)
        if sent.count > Self.limit { sent.removeFirst(sent.count - Self.limit) }
    }

    public static let recapKey = "away"

    /// The recap bubble: "While you were away: 3", their titles below; its link opens the
    /// history of just these (`notifier history --away` opens the latest).
    public static func recap(_ alerts: [Alert], now: Date) -> Alert {
        Alert(
            rule: Outbox.summaryRule, key: recapKey,
            title: "While you were away: \(alerts.count)",
            body: Outbox.lines(alerts.map(\.title)),
            urgency: .normal, category: Outbox.summaryCategory,
            deepLink: Outbox.historyLink(alerts, at: now),
            members: alerts)
    }
}
