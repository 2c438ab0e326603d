import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The home screen, `notifier status`, answering in this order: does the daemon run, what comes
/// next (reminders, calendar alarms, holidays), what is wrong (failing feeds and watches), each
/// watch's value, the last notifications, and the rules in a line with their mutes and snoozes.
/// Enter opens any of them in its own view (this screen comes back when it closes).
package struct StatusModel: ScreenModel {
    package enum Item: Sendable, Equatable {
        case upcoming(UpcomingRow)
        case entry(StatusSection.Entry)
        case row(StatusRow)
        case value(ValueRow)
        case notification(Delivery)
        case rules
    }

    package private(set) var report: StatusReport
    package private(set) var selected = 0
    package private(set) var status: String?
    package let timeZone: TimeZone
    package let reload: @Sendable () -> StatusReport

    /// "Next" holds at most this many lines, holidays after the reminders and alarms.
    package static let nextShown = 6

    package init(report: StatusReport, timeZone: TimeZone = .current, reload: @escaping @Sendable () -> StatusReport) {
        self.report = report
        self.timeZone = timeZone
        self.reload = reload
    }

    /// One part of the screen: a heading, lines that are not selectable, and its items.
    package struct Section {
        package enum Part { case daemon, next, problems, values, notifications }
        package var part: Part
        package var heading: StyledLine
        package var lines: [StyledLine] = []
        package var items: [Item] = []
    }

    /// A feed that is in trouble, and a value whose fetch failing is told with the value.
    package var failingRows: [StatusRow] {
        report.rows.filter { row in
            Self.isFailing(row) && !report.valueSections.contains { section in section.rows.contains { section.healthPrefix + $0.name == row.name } }
        }
    }

    package var sections: [Section] {
        let entries = report.feedSections.flatMap(\.entries)
        let next =
            report.upcoming.map(Item.upcoming) + entries.prefix(max(1, Self.nextShown - report.upcoming.count)).map(Item.entry)
        let troubled = report.valueSections.flatMap(\.rows).filter { $0.problem != nil }
        var sections = [
            Section(part: .daemon, heading: StyledLine("Daemon", .bold)),
            Section(part: .next, heading: StyledLine("Next", .bold), lines: next.isEmpty ? [StyledLine("  nothing scheduled", .dim)] : [], items: next),
            Section(
                part: .problems, heading: StyledLine("Problems", .bold), lines: failingRows.isEmpty && troubled.isEmpty ? [feedsLine(prefix: "none")] : [],
                items: failingRows.map(Item.row) + troubled.map(Item.value)),
        ]
        for values in report.valueSections where !values.rows.isEmpty {
            sections.append(Section(part: .values, heading: StyledLine(values.heading, .bold), items: values.rows.map(Item.value)))
        }
        sections.append(
            Section(
                part: .notifications, heading: StyledLine("Last notifications", .bold),
                lines: report.notifications.isEmpty ? [StyledLine("  none yet", .dim)] : [], items: report.notifications.map(Item.notification)))
        return sections
    }

    package var items: [Item] { sections.flatMap(\.items) + [.rules] }

    package static let keys = [
        KeyHelp(keys: "↑↓", action: "select"), KeyHelp(keys: "Enter", action: "open"), KeyHelp(keys: "h", action: "history"),
        KeyHelp(keys: "R", action: "rules"), KeyHelp(keys: "r", action: "reload", inFooter: false),
    ]

    package func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        var body: [StyledLine] = []
        var focus: Int?
        var index = 0
        func add(_ item: Item) {
            let isSelected = index == selected
            if isSelected { focus = body.count }
            let line = StyledLine([Span(isSelected ? "› " : "  ")] + spans(item, now: now))
            body.append(isSelected ? line.fitted(to: width).emphasised(.selected) : line)
            index += 1
        }
        for section in sections {
            if !body.isEmpty { body.append(.empty) }
            body.append(section.heading)
            body += section.part == .daemon ? [daemonLine(now: now)] + reachLines(now: now) : section.lines
            for item in section.items {
                add(item)
                // What is wrong, in full words on a line of its own.
                switch (section.part, item) {
                case (.problems, .row(let row)): body.append(StyledLine("      " + TextSanitizer.singleLine(row.health), .fall))
                case (.problems, .value(let value)): body.append(StyledLine("      " + TextSanitizer.singleLine(value.problem ?? ""), .fall))
                default: break
                }
            }
            // The feeds that work, under the problems when there are some.
            if section.part == .problems, !section.items.isEmpty, !workingFeeds.isEmpty { body.append(feedsLine(prefix: "")) }
        }
        body.append(.empty)
        add(.rules)
        let line = status.map { StyledLine($0, .warning) }
        return ScreenFrame(title: "notifier — status", body: body, focus: focus, status: line, keys: Self.keys)
    }

    /// A row whose state is trouble ("failing", "degraded"), not merely quiet ("no timer").
    package static func isFailing(_ row: StatusRow) -> Bool {
        ["failing", "degraded"].contains(row.state)
    }

    private var workingFeeds: [String] { report.rows.filter { $0.state == "ok" && !isValueHealth($0) }.map(\.name) }

    /// A row that is one value's own health, not a feed's.
    private func isValueHealth(_ row: StatusRow) -> Bool {
        report.valueSections.contains { $0.owns(row) }
    }

    private func feedsLine(prefix: String) -> StyledLine {
        let waiting = report.rows.filter { $0.state == "not polled yet" && !isValueHealth($0) }.map(\.name)
        var parts = prefix.isEmpty ? [] : [prefix]
        if !workingFeeds.isEmpty { parts.append("feeds ok: " + workingFeeds.joined(separator: ", ")) }
        if !waiting.isEmpty { parts.append("not polled yet: " + waiting.joined(separator: ", ")) }
        return StyledLine("  " + parts.joined(separator: " · "), .dim)
    }

    /// Where notifications go: what the last delivery saw of the person, the channels and the
    /// sync topic.
    private func reachLines(now: Date) -> [StyledLine] {
        var lines: [StyledLine] = []
        if let you = report.rows.first(where: { $0.kind == "you" }) {
            let seen = you.lastPoll.map { " (seen \(when($0, now: now)))" } ?? ""
            lines.append(StyledLine([Span("  you: "), Span(you.state, you.state == "present" ? .plain : .warning), Span(seen, .dim)]))
        }
        for row in report.rows where row.kind == "channel" || row.kind == "sync" {
            let health = row.health == "ok" ? Span("ok", .rise) : Span(TextSanitizer.singleLine(row.health), .fall)
            lines.append(StyledLine([Span("  \(row.kind) \(row.name): "), Span(row.state + " · ", .dim), health]))
        }
        return lines
    }

    private func daemonLine(now: Date) -> StyledLine {
        let daemon = report.daemon
        guard daemon.running else {
            return StyledLine([Span("  not running", .fall), Span(" — " + DaemonState.howToStart, .dim)])
        }
        let since = daemon.since.map { " since " + when($0, now: now) } ?? ""
        return StyledLine([Span("  running" + since, .rise), Span(daemon.pid.map { " (pid \($0))" } ?? "", .dim)])
    }

    private func when(_ date: Date?, now: Date) -> String {
        date.map { RelativeTime.describe($0, now: now, timeZone: timeZone) } ?? "never"
    }

    /// The rules in a line: how many, which are muted and what is snoozed.
    private func rulesSpans(now: Date) -> [Span] {
        let muted = report.rules.filter { $0.mutedUntil != nil }.map { rule in
            rule.mutedUntil == .distantFuture ? rule.rule : "\(rule.rule) until \(when(rule.mutedUntil, now: now))"
        }
        let snoozed = report.snoozes.map { "\($0.rule) \($0.subject) until \(when($0.until, now: now))" }
        var parts = ["\(report.rules.count) rules"]
        parts.append(muted.isEmpty ? "none muted" : "muted: " + muted.joined(separator: ", "))
        if !snoozed.isEmpty { parts.append("snoozed: " + snoozed.joined(separator: ", ")) }
        return [Span("Rules  ", .bold), Span(parts.joined(separator: " · "), muted.isEmpty && snoozed.isEmpty ? .dim : .warning)]
    }

    private func spans(_ item: Item, now: Date) -> [Span] {
        switch item {
        case .upcoming(let row):
            return [
                // Its text, which a person wrote; the name (an event's is a hash) is in its view.
                Span(DisplayWidth.padded(when(row.at, now: now), 18), .dim), Span(DisplayWidth.padded(row.kind, 9), .dim),
                Span(TextSanitizer.singleLine(row.text), .bold),
            ]
        case .entry(let entry):
            // A feed's entry (a holiday) in the columns of the reminders above it: its date, its kind, its mark and name.
            guard let date = entry.fields["date"], let name = entry.fields["name"], let mark = entry.spans.first else { return entry.spans }
            return [Span(DisplayWidth.padded(date, 18), .dim), Span(DisplayWidth.padded(entry.kind, 9), .dim), mark, Span(name)]
        case .row(let row):
            return [
                Span(DisplayWidth.padded(row.name, 12), .bold), Span(DisplayWidth.padded(row.state, 16), .fall),
                Span("last " + when(row.lastPoll, now: now), .dim),
            ]
        case .value(let row):
            let emphasis: Emphasis = row.problem != nil ? .fall : row.state == "value" ? .plain : .dim
            return [
                Span(DisplayWidth.padded(row.name + (row.enabled ? "" : " (off)"), 18), .bold),
                Span(DisplayWidth.padded(DisplayWidth.prefix(TextSanitizer.singleLine(row.value ?? "—"), columns: 16), 17)),
                Span(DisplayWidth.padded(row.state, 16), emphasis), Span(row.lastFetch.map { "last " + when($0, now: now) } ?? "", .dim),
            ]
        case .notification(let delivery):
            return [
                Span(DisplayWidth.padded(when(delivery.deliveredAt, now: now), 17), .dim), Span(DisplayWidth.padded(delivery.rule, 16), .bold),
                Span(" " + delivery.title),
            ]
        case .rules:
            return rulesSpans(now: now)
        }
    }

    package mutating func handle(_ event: ViewEvent) -> [ViewEffect] {
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
        case .key(.character("m")), .key(.character("s")):
            status = "Mute a rule with notifier mute RULE [--for 1h]; R shows every rule."
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

    private func reloading() -> ViewEffect {
        let reload = reload
        return .start(ViewTask(name: "reload") { reload() })
    }

    private mutating func open() -> [ViewEffect] {
        let items = items
        guard items.indices.contains(selected) else { return [] }
        switch items[selected] {
        case .upcoming(let row): return [.runProgram(["open-url", row.link])]
        case .entry(let entry): return [.runProgram(["open-url", entry.link])]
        case .row(let row): return [.runProgram(["open-url", row.link])]
        case .value(let row): return [.runProgram(["open-url", row.link])]
        case .rules: return [.runProgram(["rules"])]
        case .notification(let delivery):
            guard let url = StoredLink.url(fromCommand: delivery.deepLink, in: report.links) else {
                status = "No view to open for this notification."
                return []
            }
            return [.runProgram(["open-url", url])]
        }
    }
}
