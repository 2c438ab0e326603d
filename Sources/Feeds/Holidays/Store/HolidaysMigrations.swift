import GRDB
import NotifierCore

extension StoreMigration {
    /// The holidays tables: the days fetched from the holiday API.
    static let holidays: [StoreMigration] = [
        StoreMigration("v4: holiday cache") { db in
            // One row per day fetched from the holiday API, even a day without events, so a
            // range already asked for is known to be covered.
            try db.create(table: "holiday_day") { t in
                t.primaryKey("date", .text) // YYYY-MM-DD, Estonian date
                t.column("fetched_at", .datetime).notNull()
                t.column("events", .text).notNull() // the day's holidays, as JSON
            }
        }
    ]
}
