import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem
import Synchronization

/// The calendars' alarms as reminders of the scheduler: one reminder per event (by UID), whose
/// occurrences are its alarms' instants in the window, each keyed by the occurrence's start and
/// the alarm's offset from it, so an event moved or an alarm changed is a new key and the old
/// time never fires.
package enum CalendarReminders {
    /// How far back alarms are looked for: what a notifier stopped longer misses silently.
    package static let lookBack: TimeInterval = 2 * 86400
    /// How far ahead (with `lookBack`, at most `CalendarExpansion.maxWindow`).
    package static let lookAhead: TimeInterval = 398 * 86400

    package static func expansion(_ settings: CalendarSettings, local: TimeZone) -> CalendarExpansion {
        CalendarExpansion(
            local: local, allDayAt: settings.allDayClock,
            defaultAlarm: settings.defaultAlarm.map { Double($0.components.seconds) })
    }

    package static func paths(_ config: Config) -> [String] {
        config.calendars.expandedPaths(home: XDGPaths.home)
    }

    /// Every event's occurrences in `from..<to`, with its file, from the files as they are now.
    package static func occurrences(config: Config, from: Date, to: Date, logger: Logger, now: Date, local: TimeZone = .current) -> [EventOccurrence] {
        read(config: config, from: from, to: to, logger: logger, now: now, local: local).map(\.occurrence)
    }

    /// The occurrences, each with when its file was read.
    package static func read(config: Config, from: Date, to: Date, logger: Logger, now: Date, local: TimeZone) -> [(occurrence: EventOccurrence, readAt: Date)]
    {
        let paths = paths(config)
        guard !paths.isEmpty else { return [] }
        let expansion = expansion(config.calendars, local: local)
        var result: [(occurrence: EventOccurrence, readAt: Date)] = []
        var budget = ExpansionBudget()
        for (file, events, readAt) in CalendarShelf.shared.events(paths: paths, logger: logger, now: now) {
            let expanded = expansion.expand(events, file: file, from: from, to: to, budget: &budget)
            for problem in expanded.cut where told.withLock({ $0.insert("\(problem.file):\(problem.line ?? 0)").inserted }) {
                logger.warning("calendar \(problem)")
            }
            result += expanded.occurrences.map { ($0, readAt) }
        }
        return result.sorted { $0.occurrence.start != $1.occurrence.start ? $0.occurrence.start < $1.occurrence.start : $0.occurrence.uid < $1.occurrence.uid }
    }

    /// The rules already told as cut short (file:line): one line each, not one per pass.
    private static let told = Mutex<Set<String>>([])

    /// How far ahead of now a pass keeps alarms in memory, besides the next `aheadCount`: the
    /// window, not the files, bounds what a pass holds.
    package static let horizon: TimeInterval = 8 * 86400
    package static let aheadCount = 64

    /// What `reminders` made last, and the busy spans, reused while the files, the settings and
    /// the hour are the same.
    private static let made = Mutex<(key: String, reminders: [(reminder: Reminder, created: Date)], busy: [CalendarAlarms.BusySpan])?>(nil)

    /// Each event with an alarm near now as a reminder, `created` when its file was read: a
    /// reminder seen for the first time counts from then (not from the first look, which may be
    /// its alarm's). Unchanged files come from `cacheDirectory` without a parse.
    package static func reminders(
        config: Config, now: Date, logger: Logger, local: TimeZone = .current, cacheDirectory: String? = nil
    ) -> [(reminder: Reminder, created: Date)] {
        load(config: config, now: now, logger: logger, local: local, cacheDirectory: cacheDirectory).reminders
    }

    /// The busy event under way at `now`, if any (the one ending last): what `busy_calendars`
    /// counts as do-not-disturb.
    package static func busy(config: Config, now: Date, logger: Logger, local: TimeZone = .current, cacheDirectory: String? = nil) -> CalendarAlarms.BusySpan? {
        load(config: config, now: now, logger: logger, local: local, cacheDirectory: cacheDirectory).busy
            .filter { $0.start <= now && now < $0.end }.max { $0.end < $1.end }
    }

    private static func load(
        config: Config, now: Date, logger: Logger, local: TimeZone, cacheDirectory: String?
    ) -> (reminders: [(reminder: Reminder, created: Date)], busy: [CalendarAlarms.BusySpan]) {
        guard !config.calendars.paths.isEmpty else { return ([], []) }
        let paths = paths(config)
        let hour = Int((now.timeIntervalSince1970 / 3600).rounded(.down))
        let key = "\(CalendarShelf.fingerprint(paths)) \(config.calendars) \(local.identifier) \(hour) \(cacheDirectory ?? "")"
        if let made = made.withLock({ $0 }), made.key == key { return (made.reminders, made.busy) }
        let window = CalendarShelf.AlarmWindow(
            window: now.addingTimeInterval(-lookBack)..<now.addingTimeInterval(horizon), now: now, ahead: aheadCount,
            expandOver: now.addingTimeInterval(-lookBack)..<now.addingTimeInterval(lookAhead))
        let files = CalendarShelf.shared.alarms(
            paths: paths, expansion: expansion(config.calendars, local: local), window: window, cacheDirectory: cacheDirectory,
            logger: logger)
        let built = build(files, local: local)
        let busy = files.flatMap(\.busy)
        made.withLock { $0 = (key, built, busy) }
        return (built, busy)
    }

    /// One reminder per event (by UID, across the files), its alarms in the order they fall;
    /// the reminders in the order of their first alarm.
    package static func build(_ files: [CalendarAlarms], local: TimeZone) -> [(reminder: Reminder, created: Date)] {
        var all: [(alarm: CalendarAlarms.Alarm, file: String, readAt: Date)] = []
        for file in files { all += file.alarms.map { ($0, file.file, file.readAt) } }
        all.sort { $0.alarm.at != $1.alarm.at ? $0.alarm.at < $1.alarm.at : $0.alarm.key < $1.alarm.key }
        var byUID: [String: [(alarm: CalendarAlarms.Alarm, file: String, readAt: Date)]] = [:]
        var order: [String] = []
        for entry in all {
            if byUID[entry.alarm.uid] == nil { order.append(entry.alarm.uid) }
            byUID[entry.alarm.uid, default: []].append(entry)
        }
        return order.compactMap { uid in
            guard let alarms = byUID[uid], let first = alarms.first else { return nil }
            let occurrences = alarms.map { entry in
                var fired = ReminderOccurrence(date: entry.alarm.at, day: CivilDate(entry.alarm.at, in: local), key: entry.alarm.key)
                fired.note = entry.alarm.note
                return fired
            }
            let summary = first.alarm.summary.isEmpty ? "(an event without a summary)" : first.alarm.summary
            var reminder = Reminder(
                name: CalendarLinks.reminderName(uid: uid), text: summary,
                schedule: ReminderSchedule(timing: .instants(occurrences), timeZone: local))
            reminder.link = .event(uid: uid)
            reminder.source = "calendar event \"\(summary)\" in \((first.file as NSString).lastPathComponent)"
            return (reminder, first.readAt)
        }
    }

    /// "starts 10:00 Wed 2026-11-25 · Room 4" ("all day" for a date).
    package static func note(_ occurrence: EventOccurrence, local: TimeZone) -> String {
        let day = "\(ReminderOccurrence.weekdayName(occurrence.day)) \(occurrence.day)"
        var text = occurrence.allDay ? "all day \(day)" : "starts \(ReminderRule.clock(occurrence.start, in: local)) \(day)"
        let place = occurrence.location.trimmingCharacters(in: .whitespacesAndNewlines)
        if !place.isEmpty { text += " · " + place }
        return text
    }
}
