import Foundation
import NotifierCore
import NotifierEngine

/// What the reminders and the calendars' alarms show on the home screen and in `notifier rules`.
extension RemindersFeedKind: UpcomingTimes, StatusRowSources, RulesLines {
    package var statusRows: [any StatusRowsProvider] { [CalendarStatusRows()] }

    package func upcoming(context: AppContext, store: Store?, now: Date) -> [UpcomingRow] {
        let reminders = ReminderRound.reminders(config: context.config, store: store, logger: context.logger, now: now, paths: context.paths, daysOff: daysOff)
        return reminders.compactMap { reminder, _ -> UpcomingRow? in
            guard let next = reminder.schedule.occurrences(from: now, count: 3).first(where: { !$0.skipped }) else { return nil }
            let link = reminder.link?.url ?? DeepLink.reminder(reminder.name)?.url ?? DeepLink.history.url
            return UpcomingRow(
                kind: reminder.link == nil ? "reminder" : "alarm", name: reminder.name, text: reminder.text, at: next.date, link: link)
        }
    }

    /// A reminder's look is bookkeeping, not an alert: its name and next time say it.
    package func rulesLine(_ key: SubjectKey, lastValue: String?) -> String? {
        ReminderRound.lookedAt(key).map { "\($0)  \(lastValue ?? "no more dates")" }
    }
}
