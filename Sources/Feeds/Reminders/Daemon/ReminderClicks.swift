import Foundation
import Logging
import NotifierCore
import NotifierEngine

extension NotificationAction {
    /// A reminder's occurrence is done: its nag stops.
    package static let done = NotificationAction(id: "reminder-done", label: "Done")
    /// A reminder comes back in 10 minutes ("Snooze 1 h" brings it back in an hour).
    package static let snoozeShort = NotificationAction(id: "reminder-snooze-10m", label: "Snooze 10 min")
}

/// Done and Snooze on a reminder's bubble, kept in the store (`reminder_action`), so a snooze
/// survives a restart and comes back once at its time, and Done stops a nag.
package struct ReminderClicks {
    package let store: Store?
    package let logger: Logger
    package let now: Date

    package static let shortSnooze: TimeInterval = 600

    package func handle(_ action: NotificationAction, _ target: ClickTarget) {
        let (name, occurrence) = Self.parts(target)
        guard let store else {
            logger.warning("no store: cannot remember that choice")
            return
        }
        do {
            switch action {
            case .done:
                try store.markReminderDone(name, key: occurrence)
                logger.info("reminder \(name) \(occurrence) done")
            case .snoozeShort, .snooze:
                let until = now.addingTimeInterval(action == .snoozeShort ? Self.shortSnooze : NotificationAction.snoozeLength)
                try store.snoozeReminder(name, key: occurrence, until: until)
                logger.info("reminder \(name) snoozed until \(until.formatted(.iso8601))")
            default:
                break
            }
        } catch {
            logger.error("\(error)")
        }
    }

    /// The reminder's name and occurrence from "standup@2026-11-25T09:45/lead-900".
    package static func parts(_ target: ClickTarget) -> (name: String, occurrence: String) {
        let subject = target.key.contains("@") ? target.key : target.subject
        guard let at = subject.firstIndex(of: "@") else { return (subject, "") }
        let rest = subject[subject.index(after: at)...]
        return (String(subject[..<at]), String(rest.prefix { $0 != "/" }))
    }
}
