import Foundation
import NotifierEngine

/// A watch of the user's own: a value a selector picks out of any JSON (or a command's output),
/// told through the engine as the built-in rules are. Each condition is a subject of its own
/// (`swift-stars:above`), each new member of an `appears` watch too. A poll without a value
/// (no match, null, the wrong type) reads as unknown: nothing fires, resolves or changes.
public struct WatchRule: Rule {
    public static let id = "watch"
    public static let summary = "Your own watches ([[watches]]): a selected value crossing a level, changing, matching, appearing"
    public static let linkedViews: [LinkedView] = [.watch]
    public static let titleFields = ["name", "value", "previous", "url"]

    public var name: String
    /// As written, for messages.
    public var selector: String
    /// The URL as written (secrets stay references) or the command, for `{url}`.
    public var source: String
    /// "" for the built-in titles.
    public var title: String
    public var urgency: Urgency
    public var policy: AlertPolicy
    public var conditions: WatchConditions

    public init(
        name: String, selector: String, source: String = "", title: String = "", urgency: Urgency = .normal,
        policy: AlertPolicy = AlertPolicy(), conditions: WatchConditions
    ) {
        self.name = name
        self.selector = selector
        self.source = source
        self.title = title
        self.urgency = urgency
        self.policy = policy
        self.conditions = conditions
    }

    /// What one poll brought, beside what is remembered.
    public struct Poll: Sendable {
        /// Every value selected; empty when the selector matched nothing.
        public var values: [WatchValue]
        /// The last value known before this poll (polls without a value skipped).
        public var previous: WatchValue?
        /// The engine's anchors of this watch's subjects (`change`: the value last told).
        public var anchors: [String: Double]
        /// Earlier numbers, for `change_percent` (any age; those outside the window are ignored).
        public var history: [(at: Date, value: Double)]
        /// Members of an `appears` watch not seen before.
        public var newMembers: [WatchValue]

        public init(
            values: [WatchValue], previous: WatchValue? = nil, anchors: [String: Double] = [:],
            history: [(at: Date, value: Double)] = [], newMembers: [WatchValue] = []
        ) {
            self.values = values
            self.previous = previous
            self.anchors = anchors
            self.history = history
            self.newMembers = newMembers
        }

        /// The value the single-valued conditions read: the first, unless it is null.
        public var value: WatchValue? {
            guard let first = values.first, !first.isNothing else { return nil }
            return first
        }
    }

    public func readings(_ poll: Poll, now: Date) -> [SubjectReading] {
        let value = poll.value
        var readings: [SubjectReading] = []
        for (level, direction) in [(conditions.above, Threshold.Direction.above), (conditions.below, .below)] {
            guard let level else { continue }
            let rearmLevel = conditions.rearmLevel(for: level, direction: direction)
            guard let threshold = try? Threshold(direction: direction, fireLevel: level, rearmLevel: rearmLevel) else { continue }
            let number = value?.number
            let levelText = WatchValue.format(level)
            readings.append(
                reading(
                    "\(direction.rawValue)", signal: number.flatMap(threshold.signal), value: number.map(WatchValue.number),
                    poll: poll, edgeTriggered: true, level: levelText
                ) { emission, shown in
                    if emission == .resolved {
                        let rearm = WatchValue.format(rearmLevel)
                        return ("\(name) back \(direction == .above ? "below" : "above") \(rearm): \(shown)", "the value came back past \(rearm)")
                    }
                    return (
                        "\(name) \(direction == .above ? "rose above" : "fell below") \(levelText): \(shown)",
                        "\(selector) is \(shown), \(direction == .above ? "at or above" : "at or below") \(levelText)"
                    )
                })
        }
        if conditions.change {
            let subject = "\(name):change"
            let signal: Threshold.Signal? = value.map { value in
                poll.anchors[subject].map { $0 == value.fingerprint ? .rearmed : .beyondFire } ?? .rearmed
            }
            readings.append(
                reading("change", signal: signal, value: value, poll: poll, anchor: value?.fingerprint) { _, shown in
                    let previous = poll.previous.map { Self.clipped($0.shown) } ?? "?"
                    return ("\(name) changed: \(previous) → \(shown)", "\(selector) changed from \(previous) to \(shown)")
                })
        }
        if let percent = conditions.changePercent, let window = conditions.window {
            let since = now.addingTimeInterval(-Double(window.components.seconds))
            let reference = poll.history.filter { $0.at >= since && $0.at < now }.min { $0.at < $1.at }
            let move: Double? = value?.number.flatMap { number in
                reference.flatMap { $0.value != 0 ? (number - $0.value) / abs($0.value) * 100 : nil }
            }
            let threshold = try? Threshold(direction: .above, fireLevel: percent, rearmLevel: percent / 2)
            let moveText = move.map { ($0 >= 0 ? "+" : "−") + WatchValue.format((abs($0) * 10).rounded() / 10) + " %" }
            readings.append(
                reading(
                    "change_percent", signal: move.flatMap { threshold?.signal(for: abs($0)) }, value: value.flatMap { $0.number.map(WatchValue.number) },
                    poll: poll, level: "±\(WatchValue.format(percent)) %"
                ) { emission, shown in
                    let within = Self.span(window)
                    if emission == .resolved {
                        return ("\(name) calmer: \(moveText ?? "?") within \(within)", "the move fell back below ±\(WatchValue.format(percent / 2)) %")
                    }
                    let from = reference.map { WatchValue.format($0.value) } ?? "?"
                    return (
                        "\(name) \(moveText ?? "?") within \(within): \(shown)",
                        "\(selector) moved from \(from) to \(shown), at least ±\(WatchValue.format(percent)) % within \(within)"
                    )
                })
        }
        if let pattern = conditions.matches {
            let text = value?.matchableText
            let signal: Threshold.Signal? = text.map { Self.matches($0, pattern: pattern) ? .beyondFire : .rearmed }
            readings.append(
                reading("matches", signal: signal, value: text.map { _ in value! }, poll: poll, edgeTriggered: true, level: pattern) { emission, shown in
                    if emission == .resolved { return ("\(name) no longer matches: \(shown)", "the value no longer matches \(pattern)") }
                    return ("\(name): \(shown)", "\(selector) is \(shown), which matches \(pattern)")
                })
        }
        if conditions.appears {
            for member in poll.newMembers where !member.isNothing {
                let hex = String(UInt64(member.fingerprint), radix: 16)
                readings.append(
                    reading("appears:\(hex)", signal: .beyondFire, value: member, poll: poll) { _, shown in
                        ("\(name): new \(shown)", "\(selector) has a member not seen before: \(shown)")
                    })
            }
        }
        return readings
    }

    /// One subject's reading; `words` gives the built-in title and the reason of an emission.
    private func reading(
        _ condition: String, signal: Threshold.Signal?, value: WatchValue?, poll: Poll, edgeTriggered: Bool = false,
        anchor: Double? = nil, level: String? = nil,
        words: @escaping @Sendable (AlertStateMachine.Emission, String) -> (title: String, reason: String)
    ) -> SubjectReading {
        let shown = value.map { Self.clipped($0.shown) } ?? "no value"
        let name = name
        let template = title
        let source = source
        let urgency = urgency
        let previous = poll.previous
        return SubjectReading(
            key: SubjectKey(rule: Self.id, subject: "\(name):\(condition)"), signal: signal, shownValue: shown,
            policy: policy, edgeTriggered: edgeTriggered, anchor: anchor, level: level
        ) { emission in
            guard value != nil, let link = DeepLink.watch(name) else { return nil }
            let (builtIn, reason) = words(emission, shown)
            var heading = builtIn
            if !template.isEmpty, emission != .resolved {
                heading = MessageTemplate(template).render([
                    "name": name, "value": shown, "previous": previous.map { Self.clipped($0.shown) } ?? "", "url": source,
                ])
            }
            let still = emission == .repeated ? " (still)" : ""
            var alert = Alert(
                rule: Self.id, key: name, title: heading + still, body: reason, urgency: emission == .resolved ? .low : urgency,
                category: "x-notifier.watch", deepLink: link, icon: "dialog-information", groupFragment: "\(name) \(shown)",
                groupNoun: "watches", reason: reason, listView: "watches")
            alert.webPage = Self.webPage(source)
            return alert
        }
    }

    /// The watched page, for a phone's tap: an http(s) URL as written, but not one that holds a
    /// secret's reference (it would not open, and names where a secret goes).
    static func webPage(_ source: String) -> String? {
        guard source.hasPrefix("https://") || source.hasPrefix("http://"), !source.contains("${"), source.count <= 2000 else { return nil }
        return source
    }

    /// Feed text in a title: one line, bounded.
    public static func clipped(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 120 ? String(line.prefix(119)) + "…" : line
    }

    public static func matches(_ text: String, pattern: String) -> Bool {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    static func span(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        if seconds % 86400 == 0 { return "\(seconds / 86400) d" }
        if seconds % 3600 == 0 { return "\(seconds / 3600) h" }
        if seconds % 60 == 0 { return "\(seconds / 60) min" }
        return "\(seconds) s"
    }
}
