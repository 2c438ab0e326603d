import Foundation

/// What the outbox says when it gives several alerts as one: a group of one poll's alerts of a
/// rule, or the summary of what quiet hours or the rate limit held.
extension Outbox {
    /// One poll's alerts of one rule as one: "3 coins moved: BTC +5.2%, ETH −6.1%, SOL +8.0%".
    static func grouped(_ alerts: [Alert], at now: Date = Date(timeIntervalSince1970: 0)) -> Alert {
        let members = alerts.sorted { $0.key < $1.key }
        let rule = members.first?.rule ?? ""
        let noun = members.lazy.compactMap(\.groupNoun).first ?? "notifications from \(rule)"
        let parts = members.map { $0.groupFragment ?? $0.title }
        return Alert(
            rule: rule,
            key: members.map(\.key).joined(separator: ","),
            title: "\(members.count) \(noun): " + listed(parts, limit: titlePartLimit),
            body: lines(members.map(\.title)),
            urgency: members.map(\.urgency).max { $0.rank < $1.rank } ?? .normal,
            category: members.first?.category ?? summaryCategory,
            deepLink: groupLink(members, at: now),
            icon: Set(members.map(\.icon)).count == 1 ? members.first?.icon : nil,
            members: members
        )
    }

    func summary(of indices: [Int], reason: HoldReason, now: Date) -> Alert {
        let alerts = indices.map { entries[$0].alert }
        if alerts.count == 1, let only = alerts.first { return only }
        let count = alerts.count
        let title: String
        switch reason {
        case .quietHours:
            title = "\(count) \(count == 1 ? "notification" : "notifications") during quiet hours"
        case .doNotDisturb:
            title = "\(count) \(count == 1 ? "notification" : "notifications") during do-not-disturb"
        case .rateLimit:
            let parts = alerts.map { $0.groupFragment ?? $0.title }
            title = "\(count) more \(count == 1 ? "notification" : "notifications"): " + Self.listed(parts, limit: 3)
        }
        return Alert(
            rule: Self.summaryRule,
            key: reason.summaryKey,
            title: title,
            body: Self.lines(alerts.map(\.title)),
            urgency: alerts.map(\.urgency).max { $0.rank < $1.rank } ?? .normal,
            category: Self.summaryCategory,
            deepLink: Self.historyLink(alerts, at: now),
            members: alerts
        )
    }

    /// "a, b, c" or "a, b, c and 4 more".
    static func listed(_ parts: [String], limit: Int) -> String {
        guard parts.count > limit else { return parts.joined(separator: ", ") }
        return parts.prefix(limit).joined(separator: ", ") + " and \(parts.count - limit) more"
    }

    /// One title a line, at most `bodyLineLimit` of them.
    static func lines(_ titles: [String]) -> String {
        guard titles.count > bodyLineLimit else { return titles.joined(separator: "\n") }
        return (titles.prefix(bodyLineLimit) + ["… and \(titles.count - bodyLineLimit) more"]).joined(separator: "\n")
    }
}

extension Outbox.HoldReason {
    var summaryKey: String {
        switch self {
        case .quietHours: "quiet_hours"
        case .rateLimit: "rate_limit"
        case .doNotDisturb: "do_not_disturb"
        }
    }
}

extension Alert {
    /// Critical alerts pass the desktop's do-not-disturb, as the servers themselves let them.
    var passesDoNotDisturb: Bool { urgency == .critical }
}

extension Urgency {
    /// Orders urgencies from low to critical.
    var rank: Int {
        switch self {
        case .low: return 0
        case .normal: return 1
        case .critical: return 2
        }
    }
}
