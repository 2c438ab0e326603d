import Feeds
import Foundation
import Logging
import Rules
import Synchronization

/// The calendars' alarms as reminders of the scheduler: one reminder per event (by UID), whose
/// occurrences are its alarms' instants in the window, each keyed by the occurrence's start and
/// the alarm's offset from it, so an event moved or an alarm changed is a new key and the old
/// time never fires.
enum CalendarReminders {
    /// How far back alarms are looked for: what a notifier stopped longer misses silently.
    static let lookBack: TimeInterval = 2 * 86400
    /// How far ahead (with `lookBack`, at most `CalendarExpansion.maxWindow`).
    static let lookAhead: TimeInterval = 398 * 86400

    static func expansion(_ settings: CalendarSettings, local: TimeZone) -> CalendarExpansion {
        CalendarExpansion(
            local: local, allDayAt: settings.allDayClock,
            defaultAlarm: settings.defaultAlarm.map { Double($0.components.seconds) })
    }

    static func paths(_ config: Config) -> [String] {
        config.calendars.expandedPaths(home: XDGPaths.home)
    }

    /// Every event's occurrences in `from..<to`, with its file, from the files as they are now.
    static func occurrences(config: Config, from: Date, to: Date, logger: Logger, now: Date, local: TimeZone = .current) -> [EventOccurrence] {
        read(config: config, from: from, to: to, logger: logger, now: now, local: local).map(\.occurrence)
    }

    /// The occurrences, each with when its file was read.
    static func read(config: Config, from: Date, to: Date, logger: Logger, now: Date, local: TimeZone) -> [(occurrence: EventOccurrence, readAt: Date)] {
        let paths = paths(config)
        guard !paths.isEmpty else { return [] }
        let expansion = expansion(config.calendars, local: local)
        var result: [(occurrence: EventOccurrence, readAt: Date)] = []
        for (file, events, readAt) in CalendarShelf.shared.events(paths: paths, logger: logger, now: now) {
            let expanded = expansion.expand(events, file: file, from: from, to: to)
            for problem in expanded.cut where told.withLock({ $0.insert("\(problem.file):\(problem.line ?? 0)").inserted }) {
                logger.warning("calendar \(problem)")
            }
            result += expanded.occurrences.map { ($0, readAt) }
        }
        return result.sorted { $0.occurrence.start != $1.occurrence.start ? $0.occurrence.start < $1.occurrence.start : $0.occurrence.uid < $1.occurrence.uid }
    }

    /// The rules already told as cut short (file:line): one line each, not one per pass.
    private static let told = Mutex<Set<String>>([])

    /// What `reminders` made last, reused while the files, the settings and the hour are the same.
    private static let made = Mutex<(key: String, reminders: [(reminder: Reminder, created: Date)])?>(nil)

    /// Each event with alarms as a reminder, `created` when its file was read: a reminder seen
    /// for the first time counts from then (not from the first look, which may be its alarm's).
    static func reminders(config: Config, now: Date, logger: Logger, local: TimeZone = .current) -> [(reminder: Reminder, created: Date)] {
        guard !config.calendars.paths.isEmpty else { return [] }
        // Reading (a stat per file) first: it bumps the generation when a file changed.
        _ = CalendarShelf.shared.events(paths: paths(config), logger: logger, now: now)
        let key = "\(CalendarShelf.shared.generation) \(config.calendars) \(local.identifier) \(Int(now.timeIntervalSince1970 / 3600))"
        if let made = made.withLock({ $0 }), made.key == key { return made.reminders }
        let built = build(config: config, now: now, logger: logger, local: local)
        made.withLock { $0 = (key, built) }
        return built
    }

    static func build(config: Config, now: Date, logger: Logger, local: TimeZone) -> [(reminder: Reminder, created: Date)] {
        let occurrences = read(
            config: config, from: now.addingTimeInterval(-lookBack), to: now.addingTimeInterval(lookAhead),
            logger: logger, now: now, local: local)
        var byUID: [String: (first: EventOccurrence, alarms: [ReminderOccurrence], readAt: Date)] = [:]
        var order: [String] = []
        for (occurrence, readAt) in occurrences where !occurrence.alarms.isEmpty {
            if byUID[occurrence.uid] == nil { order.append(occurrence.uid) }
            var entry = byUID[occurrence.uid] ?? (occurrence, [], readAt)
            for alarm in occurrence.alarms {
                var fired = ReminderOccurrence(
                    date: alarm, day: HolidayDate(alarm, in: local),
                    key: "\(occurrence.key)~\(Int(alarm.timeIntervalSince(occurrence.start)))")
                fired.note = note(occurrence, local: local)
                entry.alarms.append(fired)
            }
            byUID[occurrence.uid] = entry
        }
        return order.compactMap { uid in
            guard let entry = byUID[uid] else { return nil }
            let alarms = entry.alarms.sorted { $0.date != $1.date ? $0.date < $1.date : $0.key < $1.key }
            let summary = entry.first.summary.isEmpty ? "(an event without a summary)" : entry.first.summary
            var reminder = Reminder(
                name: CalendarLinks.reminderName(uid: uid), text: summary,
                schedule: ReminderSchedule(timing: .instants(alarms), timeZone: local))
            reminder.link = .event(uid: uid)
            reminder.source = "calendar event \"\(summary)\" in \((entry.first.file as NSString).lastPathComponent)"
            return (reminder, entry.readAt)
        }
    }

    /// "starts 10:00 Wed 2026-11-25 · Room 4" ("all day" for a date).
    static func note(_ occurrence: EventOccurrence, local: TimeZone) -> String {
        let day = "\(ReminderOccurrence.weekdayName(occurrence.day)) \(occurrence.day)"
        var text = occurrence.allDay ? "all day \(day)" : "starts \(ReminderRule.clock(occurrence.start, in: local)) \(day)"
        let place = occurrence.location.trimmingCharacters(in: .whitespacesAndNewlines)
        if !place.isEmpty { text += " · " + place }
        return text
    }
}
