import Foundation
import Rules

/// The home screen, `notifier status`: what polls and how it goes, the rules with their mutes,
/// the snoozes, the feeds' own sections (the next holidays) and the last notifications. Enter opens any of them in its
/// own view (this screen comes back when it closes); `m` mutes or unmutes a rule, `s` snoozes
/// it (mutes it for an hour).
struct StatusModel: ScreenModel {
    enum Item: Sendable, Equatable {
        case row(StatusRow)
        case rule(StatusReport.RuleRow)
        case snooze(StatusReport.SnoozeRow)
        case entry(StatusSection.Entry)
        case notification(Delivery)
    }

    /// Mutes a rule until a moment, or unmutes it (`nil`); answers what happened, in words.
    typealias Mute = @Sendable (_ rule: String, _ until: Date?) -> String

    private(set) var report: StatusReport
    private(set) var selected = 0
    private(set) var status: String?
    let timeZone: TimeZone
    let reload: @Sendable () -> StatusReport
    let mute: Mute
    /// The time a snooze counts from.
    let now: @Sendable () -> Date

    static let snoozeSeconds: TimeInterval = 3600

    init(
        report: StatusReport, timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date,
        reload: @escaping @Sendable () -> StatusReport, mute: @escaping Mute
    ) {
        self.now = now
        self.report = report
        self.timeZone = timeZone
        self.reload = reload
        self.mute = mute
    }

    /// The sections in order, each a heading and its selectable items.
    var sections: [(heading: String, items: [Item])] {
        [
            ("Feeds", report.rows.map(Item.row)),
            ("Rules", report.rules.map(Item.rule)),
            ("Snoozed", report.snoozes.map(Item.snooze)),
        ] + report.feedSections.map { ($0.heading, $0.entries.map(Item.entry)) } + [
            ("Last notifications", report.notifications.map(Item.notification))
        ]
    }

    var items: [Item] { sections.flatMap(\.items) }

    static let keys = [
        KeyHelp(keys: "↑↓", action: "select"), KeyHelp(keys: "Enter", action: "open"),
        KeyHelp(keys: "m", action: "mute"), KeyHelp(keys: "s", action: "snooze 1h"),
        KeyHelp(keys: "h", action: "history"), KeyHelp(keys: "R", action: "every rule and subject (notifier rules)", inFooter: false),
        KeyHelp(keys: "r", action: "reload", inFooter: false),
    ]

    func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        var body: [StyledLine] = []
        var focus: Int?
        var index = 0
        for section in sections {
            if !body.isEmpty { body.append(.empty) }
            body.append(StyledLine(section.heading, .bold))
            if section.items.isEmpty { body.append(StyledLine("  none", .dim)) }
            for item in section.items {
                let isSelected = index == selected
                if isSelected { focus = body.count }
                let line = StyledLine([Span(isSelected ? "› " : "  ")] + spans(item, now: now))
                body.append(isSelected ? line.fitted(to: width).emphasised(.selected) : line)
                // What is wrong with a feed, in full words on a line of its own.
                if case .row(let row) = item, Self.isFailing(row) {
                    body.append(StyledLine("      " + row.health, .fall))
                }
                index += 1
            }
        }
        let line = status.map { StyledLine($0, .warning) }
        return ScreenFrame(title: "notifier — status", body: body, focus: focus, status: line, keys: Self.keys)
    }

    /// A row whose state is trouble ("failing", "degraded"), not merely quiet ("no timer").
    static func isFailing(_ row: StatusRow) -> Bool {
        ["failing", "degraded"].contains(row.state)
    }

    private func when(_ date: Date?, now: Date) -> String {
        date.map { RelativeTime.describe($0, now: now, timeZone: timeZone) } ?? "never"
    }

    private func spans(_ item: Item, now: Date) -> [Span] {
        switch item {
        case .row(let row):
            let next = row.nextPoll.map { $0 < now ? "next: due" : "next " + when($0, now: now) } ?? ""
            return [
                Span(DisplayWidth.padded(row.name, 12), .bold),
                Span(DisplayWidth.padded(row.state, 16), Self.isFailing(row) ? .fall : row.health == "ok" ? .plain : .dim),
                Span(DisplayWidth.padded("last " + when(row.lastPoll, now: now), 26), .dim), Span(next, .dim),
            ]
        case .rule(let rule):
            let muted = rule.mutedUntil.map { $0 == .distantFuture ? "[muted]" : "[muted until \(when($0, now: now))]" } ?? ""
            return [Span(DisplayWidth.padded(rule.rule, 24), .bold), Span(muted.isEmpty ? "" : muted + "  ", .warning), Span(rule.summary, .dim)]
        case .snooze(let snooze):
            return [Span(DisplayWidth.padded("\(snooze.rule) \(snooze.subject)", 36), .bold), Span("until " + when(snooze.until, now: now))]
        case .entry(let entry):
            return entry.spans
        case .notification(let delivery):
            return [
                Span(DisplayWidth.padded(when(delivery.deliveredAt, now: now), 17), .dim), Span(DisplayWidth.padded(delivery.rule, 16), .bold),
                Span(" " + delivery.title),
            ]
        }
    }

    mutating func handle(_ event: ViewEvent) -> [ViewEffect] {
        let count = items.count
        switch event {
        case .key(.down), .key(.character("j")), .key(.tab): selected = min(max(0, count - 1), selected + 1)
        case .key(.up), .key(.character("k")): selected = max(0, selected - 1)
        case .key(.home): selected = 0
        case .key(.end): selected = max(0, count - 1)
        case .key(.enter): return open()
        case .key(.character("h")): return [.runProgram(["history"])]
        case .key(.character("R")): return [.runProgram(["rules"])]
        case .key(.character("r")): return [reloading()]
        case .key(.character("m")): return muteSelected(snooze: false)
        case .key(.character("s")): return muteSelected(snooze: true)
        case .finished(name: "mute", let message as String):
            status = message
            return [reloading()]
        case .finished(name: "reload", let fresh as StatusReport):
            report = fresh
            selected = min(selected, max(0, items.count - 1))
        case .finished(name: "run-program", let message as String):
            if message.hasPrefix("cannot") { status = message }
            return [reloading()]
        default: break
        }
        return []
    }

    private mutating func muteSelected(snooze: Bool) -> [ViewEffect] {
        guard items.indices.contains(selected), case .rule(let rule) = items[selected] else {
            status = "Select a rule to mute or snooze it."
            return []
        }
        let until: Date? = snooze ? now().addingTimeInterval(Self.snoozeSeconds) : rule.mutedUntil == nil ? .distantFuture : nil
        let (mute, name) = (mute, rule.rule)
        return [.start(ViewTask(name: "mute") { mute(name, until) })]
    }

    private func reloading() -> ViewEffect {
        let reload = reload
        return .start(ViewTask(name: "reload") { reload() })
    }

    private mutating func open() -> [ViewEffect] {
        guard items.indices.contains(selected) else { return [] }
        switch items[selected] {
        case .row(let row): return [.runProgram(["open-url", row.link])]
        case .rule(let rule): return [.runProgram(["why", rule.rule])]
        case .snooze(let snooze): return [.runProgram(["why", snooze.rule, snooze.subject])]
        case .entry(let entry): return [.runProgram(["open-url", entry.link])]
        case .notification(let delivery):
            guard let url = StoredLink.url(fromCommand: delivery.deepLink) else {
                status = "No view to open for this notification."
                return []
            }
            return [.runProgram(["open-url", url])]
        }
    }
}
