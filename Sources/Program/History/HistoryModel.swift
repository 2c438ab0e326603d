import Foundation
import NotifierCore
import NotifierEngine

/// The interactive `notifier history`: newest first, Enter opens a notification's own view,
/// `w` the decisions behind it (`why`), `/` searches the history's full-text index (title,
/// body, rule, subject, reason) as one types.
package struct HistoryModel: ScreenModel {
    package let deliveries: [Delivery]
    /// The group this screen shows the members of; `nil` for the whole history.
    package let group: String?
    package let timeZone: TimeZone
    private let links: LinkCatalog
    private let ruleIDs: Set<String>
    /// The store's search over the same history (group, `--since`, limit); `nil` with no store,
    /// where nothing can match.
    package let search: (@Sendable (String) -> [Delivery])?
    package private(set) var filter = ""
    /// What the search found for `filter`; `nil` until its first answer, when the list stays.
    package private(set) var matches: [Delivery]?
    package private(set) var typing = false
    package private(set) var selected = 0
    package private(set) var status: String?

    /// `filter` and `matches`: a search already made (`--grep`), which Esc clears.
    /// `program`: its links, which a row's Enter opens, and its rules, which `w` asks why of.
    package init(
        deliveries: [Delivery], group: String? = nil, timeZone: TimeZone = .current, filter: String = "", matches: [Delivery]? = nil,
        search: (@Sendable (String) -> [Delivery])? = nil, program: Program
    ) {
        links = program.views.catalog
        ruleIDs = Set(program.rules.map { $0.id })
        self.deliveries = deliveries
        self.group = group
        self.timeZone = timeZone
        self.filter = filter
        self.matches = filter.isEmpty ? nil : matches
        self.search = search
    }

    /// A search's answer, for the text it was asked for: one that comes after more typing is late.
    package struct Found: Sendable {
        package let text: String
        package let deliveries: [Delivery]
    }

    package var isTyping: Bool { typing }

    package var shown: [Delivery] { filter.isEmpty ? deliveries : matches ?? deliveries }

    package static let keys = [
        KeyHelp(keys: "↑↓", action: "select"), KeyHelp(keys: "Enter", action: "open"),
        KeyHelp(keys: "w", action: "why"), KeyHelp(keys: "/", action: "search"),
    ]

    package func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        let rows = shown
        let what = group == nil ? "History" : "History of one group"
        let title = StyledLine("\(what) — \(rows.count) of \(deliveries.count) notification\(deliveries.count == 1 ? "" : "s"), newest first")
        var body: [StyledLine] = []
        let timeColumn = 17
        for (index, delivery) in rows.enumerated() {
            let mark = index == selected ? "› " : "  "
            let time = DisplayWidth.padded(RelativeTime.describe(delivery.deliveredAt, now: now, timeZone: timeZone), timeColumn)
            let line = StyledLine([Span(mark), Span(time, .dim), Span(DisplayWidth.padded(delivery.rule, 16), .bold), Span(" " + delivery.title)])
            body.append(index == selected ? line.fitted(to: width).emphasised(.selected) : line)
        }
        if rows.isEmpty { body.append(StyledLine(deliveries.isEmpty ? "Nothing delivered yet." : "Nothing matches '\(filter)'.", .dim)) }
        // The selected notification in full below the list: its reason and where it leads.
        var focus = rows.isEmpty ? nil : selected
        if rows.indices.contains(selected) {
            let delivery = rows[selected]
            body.append(.empty)
            for line in delivery.body.split(separator: "\n").prefix(6) { body.append(StyledLine("  " + line)) }
            if !delivery.reason.isEmpty { body.append(StyledLine("  because " + delivery.reason, .dim)) }
            body.append(StyledLine("  → " + delivery.deepLink, .dim))
            focus = selected
        }
        let line: StyledLine? =
            typing
            ? StyledLine([Span("Search: ", .bold), Span(filter + "▏"), Span("  Enter keeps it, Esc clears", .dim)])
            : status.map { StyledLine($0, .warning) } ?? (filter.isEmpty ? nil : StyledLine("Search: \(filter)  (/ to change)", .dim))
        return ScreenFrame(title: title, body: body, focus: focus, status: line, keys: Self.keys)
    }

    package mutating func handle(_ event: ViewEvent) -> [ViewEffect] {
        if typing, case .key(let key) = event { return type(key) }
        let rows = shown
        switch event {
        case .key(.down), .key(.character("j")): selected = min(max(0, rows.count - 1), selected + 1)
        case .key(.up), .key(.character("k")): selected = max(0, selected - 1)
        case .key(.pageDown): selected = min(max(0, rows.count - 1), selected + 10)
        case .key(.pageUp): selected = max(0, selected - 10)
        case .key(.home): selected = 0
        case .key(.end): selected = max(0, rows.count - 1)
        case .key(.character("/")):
            typing = true
            status = nil
        case .key(.enter):
            guard rows.indices.contains(selected) else { return [] }
            guard let url = StoredLink.url(fromCommand: rows[selected].deepLink, in: links) else {
                status = "No view to open for this notification."
                return []
            }
            return [.runProgram(["open-url", url])]
        case .key(.character("w")):
            guard rows.indices.contains(selected) else { return [] }
            return [.runProgram(Self.whyArguments(rows[selected], rules: ruleIDs))]
        case .finished(name: "run-program", let result as String) where result.hasPrefix("cannot"):
            status = result
        case .finished(name: "search", let found as Found) where found.text == filter:
            matches = found.deliveries
            selected = 0
        default: break
        }
        return []
    }

    /// `why RULE SUBJECT` for a single notification, `why RULE` for a group; a summary belongs to
    /// no rule, so its `why` lists the recent suppressions.
    package static func whyArguments(_ delivery: Delivery, rules: Set<String>) -> [String] {
        guard rules.contains(delivery.rule) else { return ["why"] }
        let subject = delivery.subject ?? (delivery.key.contains(",") ? nil : delivery.key)
        return ["why", delivery.rule] + (subject.map { [$0] } ?? [])
    }

    private mutating func type(_ key: Key) -> [ViewEffect] {
        let before = filter
        switch key {
        case .enter: typing = false
        case .escape:
            typing = false
            filter = ""
        case .backspace:
            if filter.isEmpty { typing = false } else { filter.removeLast() }
        case .character(let character) where filter.count < 60 && !character.isNewline: filter.append(character)
        default: break
        }
        guard filter != before else { return [] }
        selected = 0
        guard !filter.isEmpty else {
            matches = nil
            return []
        }
        guard let search else {
            matches = []
            return []
        }
        let text = filter
        return [.start(ViewTask(name: "search") { Found(text: text, deliveries: search(text)) })]
    }
}
