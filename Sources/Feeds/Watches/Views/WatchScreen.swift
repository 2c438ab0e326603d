import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `notifier open watch NAME` on a terminal: the watch's value and state, a sparkline of its
/// stored values, its last fetch, the decisions `why` shows, and the JSON around the value.
/// `r` reads the store again (the daemon may have polled since).
package struct WatchViewModel: ScreenModel {
    package private(set) var report: WatchReport
    package let reload: @Sendable () -> WatchReport
    /// False when opened from the list, whose rows were read without decisions: load them as it shows.
    package var loadOnAppear = false

    package init(report: WatchReport, loadOnAppear: Bool = false, reload: @escaping @Sendable () -> WatchReport) {
        self.report = report
        self.loadOnAppear = loadOnAppear
        self.reload = reload
    }

    package static let keys = [KeyHelp(keys: "↑↓", action: "scroll", inFooter: false), KeyHelp(keys: "r", action: "reload")]

    package static func title(_ report: WatchReport) -> String {
        "Watch \(report.name) — \(report.state)" + (report.enabled ? "" : " (off)")
    }

    /// The labelled rows the printout has too, in its order.
    package static func fields(_ report: WatchReport, sparklineWidth: Int = 40) -> [(label: String, value: String)] {
        let sparkline =
            report.history.isEmpty
            ? "no numbers yet"
            : Sparkline.render(report.history.map { Decimal($0) }, width: sparklineWidth) + " (\(report.history.count) polls)"
        return [
            ("Value", report.value ?? "none yet"), ("State", report.state + (report.detail.isEmpty ? "" : " — \(report.detail)")),
            ("History", sparkline), ("Last fetch", (report.lastFetchShown ?? "never") + (report.lastStatus.isEmpty ? "" : ", \(report.lastStatus)")),
            ("Source", report.source), ("Select", report.select), ("Every", report.interval),
        ]
    }

    package static func lines(_ report: WatchReport, width: Int) -> [StyledLine] {
        let stateEmphasis: Emphasis =
            switch report.state {
            case "value": .rise
            case "failed", "no value": .fall
            default: .dim
            }
        var body: [StyledLine] = fields(report, sparklineWidth: max(8, min(60, width - 26))).map { field in
            let emphasis: Emphasis = field.label == "State" ? stateEmphasis : field.label == "Value" ? .bold : .plain
            return StyledLine([Span(DisplayWidth.padded(field.label, 12), .bold), Span(TextSanitizer.singleLine(field.value), emphasis)])
        }
        body.append(.empty)
        body.append(StyledLine("Decisions", .bold))
        if report.decisionNotes.isEmpty { body.append(StyledLine("  none recorded yet", .dim)) }
        for decision in report.decisionsShown { body.append(StyledLine("  " + TextSanitizer.singleLine(decision))) }
        body.append(.empty)
        body.append(StyledLine("Around the value", .bold))
        guard let around = report.context else {
            body.append(StyledLine("  no response stored yet", .dim))
            return body
        }
        for line in around.split(separator: "\n", omittingEmptySubsequences: false) {
            body.append(StyledLine("  " + TextSanitizer.singleLine(String(line)), line.contains(selectedKey(report.select) ?? "\u{0}") ? .selected : .plain))
        }
        return body
    }

    /// The selected field's key as the pretty JSON prints it (`"stargazers_count" :`), to mark its line.
    package static func selectedKey(_ select: String) -> String? {
        guard let last = WatchContext.pathSteps(select).last, Int(last) == nil else { return nil }
        return "\"\(last)\" :"
    }

    package private(set) var top = 0

    package func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        let body = Self.lines(report, width: width)
        return ScreenFrame(
            title: StyledLine(Self.title(report)), body: Array(body.dropFirst(min(top, max(0, body.count - 1)))),
            focus: nil, status: nil, keys: Self.keys)
    }

    package mutating func appear() -> [ViewEffect] { loadOnAppear ? [start()] : [] }

    private func start() -> ViewEffect {
        let reload = reload
        return .start(ViewTask(name: "reload") { reload() })
    }

    package mutating func handle(_ event: ViewEvent) -> [ViewEffect] {
        switch event {
        case .key(.character("r")): return [start()]
        case .key(.down), .key(.character("j")): top += 1
        case .key(.up), .key(.character("k")): top = max(0, top - 1)
        case .key(.pageDown), .key(.character(" ")): top += 20
        case .key(.pageUp): top = max(0, top - 20)
        case .key(.home): top = 0
        case .finished(name: "reload", let fresh as WatchReport): report = fresh
        default: break
        }
        return []
    }
}

/// `notifier list watches` on a terminal: one row per watch; Enter opens its view.
package struct WatchListModel: ScreenModel {
    package var reports: [WatchReport]
    package var selected = 0
    /// The full report of one watch (with its decisions and JSON), read as its view opens.
    package let load: @Sendable (String) -> WatchReport?

    package static let header = "name                 value                state           last fetch"

    /// The last fetch in local words ("6 min ago", "today 06:20"): the printout has the full time.
    package static func row(_ report: WatchReport, now: Date) -> String {
        let name = report.name + (report.enabled ? "" : " (off)")
        let fetched = report.lastFetchAt.map { RelativeTime.describe($0, now: now, timeZone: report.timeZone) } ?? "never"
        return DisplayWidth.padded(name, 20) + " " + DisplayWidth.padded(DisplayWidth.prefix(report.value ?? "—", columns: 20), 20) + " "
            + DisplayWidth.padded(report.state, 15) + " " + fetched
    }

    package func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        let rows: [StyledLine] =
            reports.isEmpty
            ? [StyledLine("No watches: add a [[watches]] block to the config (notifier config default shows one).", .dim)]
            : [StyledLine(Self.header, .bold)]
                + reports.enumerated().map { index, report in
                    let line = StyledLine(TextSanitizer.singleLine(Self.row(report, now: now)))
                    return index == selected ? line.emphasised(.selected) : line
                }
        return ScreenFrame(
            title: StyledLine("Watches — \(reports.count)", .title), body: rows, focus: reports.isEmpty ? nil : selected + 1, status: nil,
            keys: [KeyHelp(keys: "↑↓", action: "move"), KeyHelp(keys: "Enter", action: "open")])
    }

    package mutating func handle(_ event: ViewEvent) -> [ViewEffect] {
        switch event {
        case .key(.up), .key(.character("k")): selected = max(0, selected - 1)
        case .key(.down), .key(.character("j")): selected = min(max(0, reports.count - 1), selected + 1)
        case .key(.home): selected = 0
        case .key(.end): selected = max(0, reports.count - 1)
        case .key(.enter):
            guard reports.indices.contains(selected) else { return [] }
            let (name, load, shown) = (reports[selected].name, load, reports[selected])
            return [.push(WatchViewModel(report: shown, loadOnAppear: true) { load(name) ?? shown })]
        default: break
        }
        return []
    }
}
