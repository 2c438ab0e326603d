import NotifierEngine

/// What kind of alert a bubble is, told to the desktop through the spec's `category` and
/// `sound-name` hints, so dunst rules, mako criteria and GNOME's settings can style or silence
/// notifier's bubbles by kind. Each feed kind brings its own (`FeedKind.bubbleKinds`); a feed's
/// health and the summaries are everyone's.
struct BubbleKind: Sendable, Equatable {
    /// `crypto` in `x-notifier.crypto`.
    let rawValue: String
    /// The `sound-name` hint of its bubbles, from the freedesktop sound naming spec; `nil` leaves
    /// the sound to the desktop.
    var soundName: String? = nil

    static let feed = BubbleKind(rawValue: "feed")
    static let summary = BubbleKind(rawValue: "summary")

    /// Rule ids, by prefix, and their kind: the registered feed kinds', then the shared ones.
    static let byRulePrefix: [(prefix: String, kind: BubbleKind)] =
        FeedRegistry.all.flatMap(\.bubbleKinds) + [("feed_", .feed), (Outbox.summaryRule, .summary)]

    /// The alert's kind by its rule (a group's rule is its members'); `nil` for a rule no line
    /// names.
    static func of(_ alert: Alert) -> BubbleKind? {
        byRulePrefix.first { alert.rule.hasPrefix($0.prefix) }?.kind
    }

    /// `x-notifier.crypto`: the spec's `class.specific` form, in the `x-` space of vendor classes.
    var category: String { "x-notifier.\(rawValue)" }

    /// The `category` hint: the kind's, or the rule's own where it refines it
    /// (`x-notifier.holiday.public`), so a rule on `x-notifier.holiday*` catches both.
    static func category(for alert: Alert) -> String {
        guard let kind = of(alert) else { return alert.category }
        return alert.category.hasPrefix(kind.category + ".") ? alert.category : kind.category
    }

    /// The `sound-name` hint: the kind's (reminders ring as an alarm does); critical alerts
    /// sound as an instant message; others leave the sound to the desktop.
    static func soundName(for alert: Alert) -> String? {
        if let sound = of(alert)?.soundName { return sound }
        return alert.urgency == .critical ? "message-new-instant" : nil
    }
}
