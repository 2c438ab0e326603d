import Foundation
import NotifierEngine

/// A button a bubble offers, where the server advertises `actions`. The engine's own are here;
/// a feed kind declares its own beside it (`BubbleActions.actions(for:)`) and handles their clicks.
package struct NotificationAction: Hashable, Sendable {
    /// Its key on the bus: what the server sends back when it is clicked.
    package let id: String
    package let label: String

    /// A click on the bubble itself: open the detail view.
    package static let open = NotificationAction(id: "default", label: "Open")
    /// Silence this rule and subject for an hour.
    package static let snooze = NotificationAction(id: "snooze", label: "Snooze 1 h")
    /// Silence the rule until `notifier unmute`.
    package static let mute = NotificationAction(id: "mute", label: "Mute rule")
    /// Someone has seen it: its escalation stops and its copies close.
    package static let acknowledge = NotificationAction(id: "acknowledge", label: "Acknowledge")

    package static let snoozeLength: TimeInterval = 3600

    package static func silenceable(_ rules: [any Rule.Type]) -> Set<String> {
        Set(rules.filter { $0.decidedByTheEngine }.map { $0.id })
    }

    package init(id: String, label: String) {
        self.id = id
        self.label = label
    }
}

extension NotificationAction {
    /// The button that acknowledges an episode: Acknowledge (a feed's own may too, see
    /// `BubbleActions.acknowledges`).
    package static func acknowledges(_ action: NotificationAction) -> Bool {
        action.id == acknowledge.id
    }
}

/// What a click on a bubble is about.
package struct ClickTarget: Sendable, Equatable {
    package var link: DeepLink
    package var rule: String
    package var subject: String
    /// The server's ActivationToken for this click (spec 1.3), for the window it opens.
    package var activationToken: String?
    /// The alert's key: for a reminder, the occurrence ("standup@2026-11-25T09:45") Done is for.
    package var key = ""
}

extension ClickTarget {
    /// What a click on `alert`'s bubble is about: the engine's subject, which Snooze silences.
    package init(_ alert: Alert) {
        self.init(link: alert.deepLink, rule: alert.rule, subject: alert.identity, key: alert.key)
    }
}
