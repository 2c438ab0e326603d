import GRDB
import NotifierCore

extension StoreMigration {
    /// The reminders tables: one-off reminders and their actions.
    static let reminders: [StoreMigration] = [
        StoreMigration("reminders: one-offs and actions") { db in
            try Store.createReminderTables(db)
        },
        // `notifier remind --every`: a kept rule, and the day its intervals count from.
        StoreMigration("reminders: kept recurring reminders") { db in
            try db.alter(table: "reminder_once") { t in
                t.add(column: "every", .text).notNull().defaults(to: "")
                t.add(column: "start", .text).notNull().defaults(to: "")
            }
            // A config phrase's start, the day notifier first read it (its `every`, so an edit re-starts it).
            try db.create(table: "reminder_start") { t in
                t.column("name", .text).primaryKey()
                t.column("every", .text).notNull()
                t.column("start", .text).notNull()
            }
        },
    ]
}
