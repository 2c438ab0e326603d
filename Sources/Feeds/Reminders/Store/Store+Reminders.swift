import Foundation
import GRDB
import NotifierCore
import NotifierEngine
import NotifierSystem

/// A reminder `notifier remind` stored: not in the config file. A one-off, or (with `every`) a
/// recurring one whose intervals count from `start`, fixed when it was kept.
package struct StoredReminder: Sendable, Equatable, Codable {
    package var name: String
    package var text: String
    /// Local date and time, "2026-12-01 10:00", in `timeZone` ("" local); the time of day,
    /// "09:00", with `every`.
    package var at: String
    package var timeZone: String
    package var createdAt: Date
    /// An RRULE ("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"); "" for a one-off.
    package var every = ""
    /// "2026-12-01", or "" when the rule's intervals need none.
    package var start = ""

    package init(name: String, text: String, at: String, timeZone: String, createdAt: Date, every: String = "", start: String = "") {
        (self.name, self.text, self.at, self.timeZone, self.createdAt) = (name, text, at, timeZone, createdAt)
        (self.every, self.start) = (every, start)
    }

    package var reminder: Reminder? {
        guard var schedule = ReminderTime.schedule(at: at, every: every, skip: "", timeZone: timeZone, daysOff: nil) else { return nil }
        if case .repeating(var rule, let hour, let minute) = schedule.timing {
            rule.start = CivilDate(string: start)
            schedule.timing = .repeating(rule, hour: hour, minute: minute)
        }
        var reminder = Reminder(name: name, text: text, schedule: schedule, oneOff: true)
        if !every.isEmpty { reminder.source = "reminder \(name) (kept by notifier remind)" }
        return reminder
    }
}

extension Store {
    package static func createReminderTables(_ db: Database) throws {
        try db.create(table: "reminder_once") { t in
            t.column("name", .text).primaryKey()
            t.column("text", .text).notNull()
            t.column("at", .text).notNull()
            t.column("time_zone", .text).notNull()
            t.column("created_at", .datetime).notNull()
        }
        // What was pressed on a reminder's bubble: a snooze's end, the occurrence done.
        try db.create(table: "reminder_action") { t in
            t.column("name", .text).primaryKey()
            t.column("snoozed_until", .datetime)
            t.column("snoozed_key", .text)
            t.column("done_key", .text)
        }
    }

    package func oneOffReminders() throws(StoreError) -> [StoredReminder] {
        try read("reading the one-off reminders") { db in
            try Row.fetchAll(db, sql: "SELECT name, text, at, time_zone, created_at, every, start FROM reminder_once ORDER BY name").map { row in
                StoredReminder(
                    name: row["name"], text: row["text"], at: row["at"], timeZone: row["time_zone"], createdAt: row["created_at"],
                    every: row["every"], start: row["start"])
            }
        }
    }

    /// Adds a one-off; `false` when the name is taken.
    package func addOneOff(_ reminder: StoredReminder) throws(StoreError) -> Bool {
        var added = false
        try write("storing the reminder") { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO reminder_once (name, text, at, time_zone, created_at, every, start) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [reminder.name, reminder.text, reminder.at, reminder.timeZone, reminder.createdAt, reminder.every, reminder.start])
            added = db.changesCount > 0
        }
        if added { ReminderChanges.announce(storePath: path) }
        return added
    }

    /// The starts of config phrases, by reminder name: the `every` they were read for, and the day.
    package func reminderStarts() throws(StoreError) -> [String: (every: String, start: CivilDate)] {
        try read("reading the reminders' starts") { db in
            var result: [String: (every: String, start: CivilDate)] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT name, every, start FROM reminder_start") {
                if let day = CivilDate(string: row["start"]) { result[row["name"]] = (row["every"], day) }
            }
            return result
        }
    }

    /// Remembers where a config phrase's intervals count from (replacing one for another `every`).
    package func rememberReminderStart(_ name: String, every: String, start: CivilDate) throws(StoreError) {
        try write("remembering the reminder's start") { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO reminder_start (name, every, start) VALUES (?, ?, ?)", arguments: [name, every, start.description])
        }
    }

    /// Removes a one-off and what was pressed on it; `false` when there was none of that name.
    package func forgetOneOff(_ name: String) throws(StoreError) -> Bool {
        var removed = false
        try write("forgetting the reminder") { db in
            try db.execute(sql: "DELETE FROM reminder_once WHERE name = ?", arguments: [name])
            removed = db.changesCount > 0
            try db.execute(sql: "DELETE FROM reminder_action WHERE name = ?", arguments: [name])
        }
        if removed { ReminderChanges.announce(storePath: path) }
        return removed
    }

    package func reminderActions() throws(StoreError) -> [String: ReminderActions] {
        try read("reading the reminders' snoozes") { db in
            var result: [String: ReminderActions] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT name, snoozed_until, snoozed_key, done_key FROM reminder_action") {
                result[row["name"]] = ReminderActions(snoozedUntil: row["snoozed_until"], snoozedKey: row["snoozed_key"], doneKey: row["done_key"])
            }
            return result
        }
    }

    /// Snooze until `until` (the occurrence `key` comes back once then).
    package func snoozeReminder(_ name: String, key: String, until: Date) throws(StoreError) {
        try write("snoozing the reminder") { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_action (name, snoozed_until, snoozed_key) VALUES (?, ?, ?)
                    ON CONFLICT(name) DO UPDATE SET snoozed_until = excluded.snoozed_until, snoozed_key = excluded.snoozed_key
                    """, arguments: [name, until, key])
        }
        ReminderChanges.announce(storePath: path)
    }

    /// Done: the occurrence `key` nags no more, and a snooze of it is off.
    package func markReminderDone(_ name: String, key: String) throws(StoreError) {
        try write("marking the reminder done") { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_action (name, done_key) VALUES (?, ?)
                    ON CONFLICT(name) DO UPDATE SET done_key = excluded.done_key,
                      snoozed_until = CASE WHEN snoozed_key = excluded.done_key THEN NULL ELSE snoozed_until END
                    """, arguments: [name, key])
        }
        ReminderChanges.announce(storePath: path)
    }
}
