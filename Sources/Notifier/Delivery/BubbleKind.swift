import Rules

/// What kind of alert a bubble is, told to the desktop through the spec's `category` and
/// `sound-name` hints, so dunst rules, mako criteria and GNOME's settings can style or silence
/// notifier's bubbles by kind.
enum BubbleKind: String, CaseIterable, Sendable {
    case crypto, holiday, forecast, country, feed, reminder, watch, summary

    /// Rule ids, by prefix, and their kind: the one place a new kind of rule adds its line.
    static let byRulePrefix: [(prefix: String, kind: BubbleKind)] = [
        ("crypto_", .crypto),
        ("holiday_", .holiday),
        ("forecast_", .forecast),
        ("launch_country", .country),
        ("feed_", .feed),
        ("reminder", .reminder),
        ("watch", .watch),
        (Outbox.summaryRule, .summary),
    ]

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

    /// The `sound-name` hint, from the freedesktop sound naming spec: reminders ring as an alarm
    /// does; critical alerts sound as an instant message; others leave the sound to the desktop.
    static func soundName(for alert: Alert) -> String? {
        if of(alert) == .reminder { return "alarm-clock-elapsed" }
        return alert.urgency == .critical ? "message-new-instant" : nil
    }
}
