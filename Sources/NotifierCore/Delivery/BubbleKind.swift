import NotifierEngine

/// What kind of alert a bubble is, told to the desktop through the spec's `category` and
/// `sound-name` hints, so dunst rules, mako criteria and GNOME's settings can style or silence
/// notifier's bubbles by kind. Each feed kind brings its own (`FeedKind.bubbleKinds`); a feed's
/// health and the summaries are everyone's.
package struct BubbleKind: Sendable, Equatable {
    /// `crypto` in `x-notifier.crypto`.
    package let rawValue: String
    /// The `sound-name` hint of its bubbles, from the freedesktop sound naming spec; `nil` leaves
    /// the sound to the desktop.
    package var soundName: String? = nil

    package static let feed = BubbleKind(rawValue: "feed")
    package static let summary = BubbleKind(rawValue: "summary")

    /// The alert's kind by its rule (a group's rule is its members'); `nil` for a rule no line
    /// names.
    package static func of(_ alert: Alert, in style: BubbleStyle) -> BubbleKind? {
        style.kinds.first { alert.rule.hasPrefix($0.prefix) }?.kind
    }

    /// `x-notifier.crypto`: the spec's `class.specific` form, in the `x-` space of vendor classes.
    package var category: String { "x-notifier.\(rawValue)" }

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
    package init(rawValue: String, soundName: String? = nil) {
        self.rawValue = rawValue
        self.soundName = soundName
    }
}
