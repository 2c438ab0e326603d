import Foundation
import NotifierCore
import NotifierEngine

/// `notifier list reminders` on a terminal: one row per reminder with its next date; Enter opens
/// the reminder's view (its next dates, last shown, snoozed or done).
package struct ReminderListModel: ScreenModel {
    package var reminders: [ReminderStatus]
    package var selected = 0

    package func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        let rows: [StyledLine] =
            reminders.isEmpty
            ? [StyledLine("No reminders: add a [[reminders]] table, or `notifier remind \"…\" --at 10:00`.", .dim)]
            : reminders.enumerated().map { index, status in
                let line = StyledLine("\(status.name)  \(status.next.first ?? "no more dates")  \(status.text)")
                return index == selected ? line.emphasised(.selected) : line
            }
        return ScreenFrame(
            title: StyledLine("Reminders — \(reminders.count)", .title), body: rows, focus: selected, status: nil,
            keys: [KeyHelp(keys: "↑↓", action: "move"), KeyHelp(keys: "Enter", action: "open")])
    }

    package mutating func handle(_ event: ViewEvent) -> [ViewEffect] {
        switch event {
        case .key(.up), .key(.character("k")): selected = max(0, selected - 1)
        case .key(.down), .key(.character("j")): selected = min(max(0, reminders.count - 1), selected + 1)
        case .key(.enter):
            guard reminders.indices.contains(selected) else { return [] }
            return [.push(ReminderDetailModel(status: reminders[selected]))]
        default: break
        }
        return []
    }
}

/// One reminder, as `notifier open reminder NAME` prints it.
package struct ReminderDetailModel: ScreenModel {
    package var status: ReminderStatus

    package func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        let lines = status.plainText.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map { StyledLine(String($0)) }
        return ScreenFrame(
            title: StyledLine("\(status.name): \(status.text)", .title), body: Array(lines), focus: nil, status: nil,
            keys: [KeyHelp(keys: "Backspace", action: "back")])
    }

    package mutating func handle(_ event: ViewEvent) -> [ViewEffect] { [] }
}
