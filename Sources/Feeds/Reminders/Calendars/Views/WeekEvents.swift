import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The calendars' events as the week shows them: per day, "10:00 Stand-up" (an all-day event on
/// each of its days, without a time), in order.
package struct CalendarWeekEvents: WeekEventSource {
    package func hasEvents(_ config: Config) -> Bool { !config.calendars.paths.isEmpty }

    package func byDay(config: Config, from start: CivilDate, through end: CivilDate, logger: Logger, now: Date) -> [CivilDate: [String]] {
        Self.byDay(config: config, from: start, through: end, logger: logger, now: now)
    }

    package static func byDay(
        config: Config, from start: CivilDate, through end: CivilDate, logger: Logger, now: Date,
        local: TimeZone = .current
    ) -> [CivilDate: [String]] {
        let occurrences = CalendarReminders.occurrences(
            config: config, from: ListEvents.midnight(start, local),
            to: ListEvents.midnight(end.adding(days: 1), local), logger: logger, now: now, local: local)
        var result: [CivilDate: [String]] = [:]
        var day = start
        while day <= end {
            result[day] = []
            day = day.adding(days: 1)
        }
        for occurrence in occurrences {
            let summary = occurrence.summary.isEmpty ? "(no summary)" : TextSanitizer.singleLine(occurrence.summary)
            if occurrence.allDay {
                let days = max(1, Int((occurrence.end.timeIntervalSince(occurrence.start) / 86400).rounded()))
                for offset in 0..<min(days, 400) {
                    let each = occurrence.day.adding(days: offset)
                    if each >= start, each <= end { result[each, default: []].append(summary) }
                }
            } else {
                let each = CivilDate(occurrence.start, in: local)
                if each >= start, each <= end { result[each, default: []].append(ReminderRule.clock(occurrence.start, in: local) + " " + summary) }
            }
        }
        return result
    }
}
