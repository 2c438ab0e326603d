import GRDB
import NotifierCore

extension StoreMigration {
    /// The reminders tables: one-off reminders and their actions.
    static let reminders: [StoreMigration] = [
        StoreMigration("reminders: one-offs and actions") { db in
            try Store.createReminderTables(db)
        }
    ]
}
