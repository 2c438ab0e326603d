import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `notifier list events` on a terminal: one row per occurrence in the range, as the printout
/// has it (day, time, summary, place); Enter opens the event as `open event` prints it.
package struct EventListModel: ScreenModel {
    package struct Row: Sendable, Equatable {
        package var uid: String
        package var text: String
    }

    package let rows: [Row]
    /// The first and last day asked for, as the printout names them.
    package let from: String
    package let to: String
    /// What is wrong with the calendars (none configured, a file that failed), above the rows.
    package let notes: [String]
    /// The event's view for a UID: read when it is opened, so it shows the file as it is then.
    package let open: @Sendable (String) -> TextModel
    package var selected = 0

    package init(rows: [Row], from: String, to: String, notes: [String] = [], open: @escaping @Sendable (String) -> TextModel) {
        self.rows = rows
        self.notes = notes
        self.from = from
        self.to = to
        self.open = open
    }

    package init(_ occurrences: [EventOccurrence], from first: CivilDate, to last: CivilDate, notes: [String] = [], context: AppContext) {
        self.init(
            rows: occurrences.map { Row(uid: $0.uid, text: EventLine.text($0)) }, from: "\(first)", to: "\(last)", notes: notes,
            open: { uid in Self.eventView(uid: uid, context: context) })
    }

    /// `open event UID` as a screen: its first line the title, the rest the body.
    package static func eventView(uid: String, context: AppContext) -> TextModel {
        do {
            let text = try EventDetail.load(uid: uid, context: context).text
            let title = text.prefix { $0 != "\n" }
            return TextModel(title: "Event: \(title)", text: String(text.dropFirst(title.count + 1)))
        } catch {
            return TextModel(title: "Event", lines: [StyledLine(TextSanitizer.singleLine("\(error)"), .fall)])
        }
    }

    package func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        let noted = notes.map { StyledLine(TextSanitizer.singleLine($0), .warning) } + (notes.isEmpty ? [] : [.empty])
        let body: [StyledLine] =
            noted
            + (rows.isEmpty
                ? [StyledLine("No events from \(from) to \(to).", .dim)]
                : rows.enumerated().map { index, row in
                    let line = StyledLine(TextSanitizer.singleLine(row.text))
                    return index == selected ? line.emphasised(.selected) : line
                })
        return ScreenFrame(
            title: StyledLine("Events \(from) – \(to) — \(rows.count)", .title), body: body, focus: rows.isEmpty ? nil : noted.count + selected,
            status: nil,
            keys: [KeyHelp(keys: "↑↓", action: "move"), KeyHelp(keys: "Enter", action: "open")])
    }

    package mutating func handle(_ event: ViewEvent) -> [ViewEffect] {
        let last = max(0, rows.count - 1)
        switch event {
        case .key(.up), .key(.character("k")): selected = max(0, selected - 1)
        case .key(.down), .key(.character("j")): selected = min(last, selected + 1)
        case .key(.pageUp): selected = max(0, selected - 20)
        case .key(.pageDown), .key(.character(" ")): selected = min(last, selected + 20)
        case .key(.home): selected = 0
        case .key(.end): selected = last
        case .key(.enter):
            guard rows.indices.contains(selected) else { return [] }
            return [.push(open(rows[selected].uid))]
        default: break
        }
        return []
    }
}
