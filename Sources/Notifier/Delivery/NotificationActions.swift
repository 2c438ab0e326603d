import Foundation
import Rules

/// The buttons a bubble offers, where the server advertises `actions`.
enum NotificationAction: String, CaseIterable, Sendable {
    /// A click on the bubble itself: open the detail view.
    case open = "default"
    /// Silence this rule and subject for an hour.
    case snooze
    /// Silence the rule until `notifier unmute`.
    case mute
    /// A reminder's occurrence is done: its nag stops.
    case done = "reminder-done"
    /// A reminder comes back in 10 minutes ("Snooze 1 h" brings it back in an hour).
    case snoozeShort = "reminder-snooze-10m"

    static let snoozeLength: TimeInterval = 3600

    var label: String {
        switch self {
        case .open: return "Open"
        case .snooze: return "Snooze 1 h"
        case .mute: return "Mute rule"
        case .done: return "Done"
        case .snoozeShort: return "Snooze 10 min"
        }
    }

    /// Rules whose alerts come from the engine, which is what honours mutes and snoozes.
    private static let silenceableRules = silenceable(RuleRegistry.all)

    static func silenceable(_ rules: [any Rule.Type]) -> Set<String> {
        Set(rules.filter { $0.decidedByTheEngine }.map { $0.id })
    }

    static func offered(for alert: Alert, capabilities: Set<String>, silenceable: Set<String> = silenceableRules) -> [NotificationAction] {
        guard capabilities.contains("actions") else { return [] }
        if let own = FeedRegistry.kind(ofRule: alert.rule)?.actions(for: alert) { return own }
        guard silenceable.contains(alert.rule) else { return [.open] }
        // A group stands for several subjects: snoozing one of them from it would be a guess.
        return alert.members == nil ? [.open, .snooze, .mute] : [.open, .mute]
    }
}

/// What a click on a bubble is about.
struct ClickTarget: Sendable, Equatable {
    var link: DeepLink
    var rule: String
    var subject: String
    /// The server's ActivationToken for this click (spec 1.3), for the window it opens.
    var activationToken: String?
    /// The alert's key: for a reminder, the occurrence ("standup@2026-11-25T09:45") Done is for.
    var key = ""
}

extension ClickTarget {
    /// What a click on `alert`'s bubble is about: the engine's subject, which Snooze silences.
    init(_ alert: Alert) {
        self.init(link: alert.deepLink, rule: alert.rule, subject: alert.identity, key: alert.key)
    }
}
