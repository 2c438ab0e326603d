import NotifierCore
import NotifierEngine

extension BubbleKind {
    /// The alert's kind by its rule (a group's rule is its members'); `nil` for a rule no line
    /// names.
    package static func of(_ alert: Alert, in style: BubbleStyle) -> BubbleKind? {
        style.kinds.first { alert.rule.hasPrefix($0.prefix) }?.kind
    }

    /// The `category` hint: the kind's, or the rule's own where it refines it
    /// (`x-notifier.holiday.public`), so a rule on `x-notifier.holiday*` catches both.
    package static func category(for alert: Alert, in style: BubbleStyle) -> String {
        guard let kind = of(alert, in: style) else { return alert.category }
        return alert.category.hasPrefix(kind.category + ".") ? alert.category : kind.category
    }

    /// The `sound-name` hint: the kind's (reminders ring as an alarm does); critical alerts
    /// sound as an instant message; others leave the sound to the desktop.
    package static func soundName(for alert: Alert, in style: BubbleStyle) -> String? {
        if let sound = of(alert, in: style)?.soundName { return sound }
        return alert.urgency == .critical ? "message-new-instant" : nil
    }
}
