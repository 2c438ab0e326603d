import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `notifier open feed NAME`: one feed's health, its last error in full, the next poll and why
/// then, and its recent polls with their outcome. Read from the store, so it fits any feed or
/// watch that records its polls, by name.
package struct FeedStatusModel: ScreenModel {
    package private(set) var report: FeedReport
    package let timeZone: TimeZone
    package let reload: @Sendable () -> FeedReport

    package init(report: FeedReport, timeZone: TimeZone = .current, reload: @escaping @Sendable () -> FeedReport) {
        self.report = report
        self.timeZone = timeZone
        self.reload = reload
    }

    package static let keys = [KeyHelp(keys: "r", action: "reload")]

    package func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        ScreenFrame(
            title: StyledLine(Self.title(report)), body: Self.lines(report, width: width, now: now, timeZone: timeZone),
            focus: nil, status: nil, keys: Self.keys)
    }

    package static func title(_ report: FeedReport) -> String { "Feed \(report.name) — \(report.state.rawValue)" }

    /// The lines of the screen and of the printout.
    package static func lines(_ report: FeedReport, width: Int, now: Date, timeZone: TimeZone) -> [StyledLine] {
        func when(_ date: Date?) -> String { date.map { RelativeTime.describe($0, now: now, timeZone: timeZone) } ?? "never" }
        func row(_ label: String, _ value: String, _ emphasis: Emphasis = .plain) -> StyledLine {
            StyledLine([Span(DisplayWidth.padded(label, 14), .bold), Span(value, emphasis)])
        }
        // Red, not the warning's yellow: it must read on a white terminal too.
        var body: [StyledLine] = [row("Health", report.healthLine, report.state == .ok ? .plain : .fall)]
        body.append(row("Last poll", when(report.lastPoll)))
        body.append(row("Last success", when(report.health?.lastSuccess)))
        if let since = report.health?.degradedSince { body.append(row("Failing since", when(since), .fall)) }
        if let next = report.nextPoll(now: now) {
            // Past due: the daemon is not running (or not polling it); it polls at its next start.
            let at =
                next.latest < now
                ? "overdue since \(when(next.latest)): is the daemon running?"
                : when(next.earliest) == when(next.latest) ? when(next.earliest) : "\(when(next.earliest)) – \(when(next.latest))"
            body.append(row("Next poll", at))
            body.append(row("", next.why, .dim))
        } else {
            body.append(row("Next poll", report.state == .untimed ? "none on a timer" : "when the daemon runs it"))
        }
        if let error = report.lastError, report.state != .ok {
            body.append(.empty)
            body.append(StyledLine("Last error", .bold))
            for line in wrapped(error, width: max(20, width - 2)) { body.append(StyledLine("  " + line)) }
        }
        body.append(.empty)
        body.append(StyledLine("Recent polls", .bold))
        if report.polls.isEmpty { body.append(StyledLine("  none recorded yet", .dim)) }
        for poll in report.polls {
            let outcome = poll.error.map { Span("failed: " + $0, .fall) } ?? Span("ok", .rise)
            body.append(StyledLine([Span("  " + DisplayWidth.padded(when(poll.at), 18), .dim), outcome]))
        }
        return body
    }

    /// Text cut into lines of at most `width` columns, at spaces where it can.
    package static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in TextSanitizer.singleLine(text).split(separator: " ") {
            var word = String(word)
            while DisplayWidth.of(word) > width {
                if !current.isEmpty {
                    lines.append(current)
                    current = ""
                }
                let head = DisplayWidth.prefix(word, columns: width)
                lines.append(head)
                word = String(word.dropFirst(head.count))
            }
            if current.isEmpty {
                current = word
            } else if DisplayWidth.of(current) + 1 + DisplayWidth.of(word) <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    package mutating func handle(_ event: ViewEvent) -> [ViewEffect] {
        switch event {
        case .key(.character("r")):
            let reload = reload
            return [.start(ViewTask(name: "reload") { reload() })]
        case .finished(name: "reload", let fresh as FeedReport):
            report = fresh
        default: break
        }
        return []
    }
}
