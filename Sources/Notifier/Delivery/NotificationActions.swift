import Foundation
import NotifierEngine

/// A button a bubble offers, where the server advertises `actions`. The engine's own are here;
/// a feed kind declares its own beside it (`FeedKind.actions(for:)`) and handles their clicks.
struct NotificationAction: Hashable, Sendable {
    /// Its key on the bus: what the server sends back when it is clicked.
    let id: String
    let label: String

    /// A click on the bubble itself: open the detail view.
    static let open = NotificationAction(id: "default", label: "Open")
    /// Silence this rule and subject for an hour.
    static let snooze = NotificationAction(id: "snooze", label: "Snooze 1 h")
    /// Silence the rule until `notifier unmute`.
    static let mute = NotificationAction(id: "mute", label: "Mute rule")
    /// Someone has seen it: its escalation stops and its copies close.
    static let acknowledge = NotificationAction(id: "acknowledge", label: "Acknowledge")

    static let snoozeLength: TimeInterval = 3600

    /// Rules whose alerts come from the engine, which is what honours mutes and snoozes.
    private static let silenceableRules = silenceable(RuleRegistry.all)

    static func silenceable(_ rules: [any Rule.Type]) -> Set<String> {
        Set(rules.filter { $0.decidedByTheEngine }.map { $0.id })
    }

    static func offered(for alert: Alert, capabilities: Set<String>, silenceable: Set<String> = silenceableRules) -> [NotificationAction] {
        guard capabilities.contains("actions") else { return [] }
        // A feed's own buttons may acknowledge already (a reminder's Done).
        if let own = FeedRegistry.kind(ofRule: alert.rule)?.actions(for: alert) {
            return alert.acknowledgeable == true && !own.contains(where: acknowledges) ? own + [.acknowledge] : own
        }
        let acknowledge: [NotificationAction] = alert.acknowledgeable == true ? [.acknowledge] : []
        guard silenceable.contains(alert.rule) else { return [.open] + acknowledge }
        // A group stands for several subjects: snoozing one of them from it would be a guess.
        return alert.members == nil ? [.open] + acknowledge + [.snooze, .mute] : [.open, .mute]
    }
}

extension NotificationAction {
    /// The buttons that acknowledge an episode: Acknowledge, and a reminder's Done.
    static func acknowledges(_ action: NotificationAction) -> Bool {
        action.id == acknowledge.id || action.id == "reminder-done"
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
