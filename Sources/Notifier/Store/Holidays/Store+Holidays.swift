import Foundation
import GRDB
import Rules

extension Store {
    /// The cached days from `start` through `end` fetched after `freshAfter`, and their events.
    func cachedHolidays(from start: HolidayDate, through end: HolidayDate, freshAfter: Date) throws(StoreError) -> (
        covered: Set<HolidayDate>, holidays: [Holiday]
    ) {
        try read("reading the holiday cache") { db in
            var covered = Set<HolidayDate>()
            var holidays: [Holiday] = []
            let rows = try Row.fetchAll(
                db, sql: "SELECT date, events FROM holiday_day WHERE date >= ? AND date <= ? AND fetched_at > ?",
                arguments: [start.description, end.description, freshAfter])
            for row in rows {
                guard let date = HolidayDate(string: row["date"]),
                    let events = try? JSONDecoder().decode([Holiday].self, from: Data((row["events"] as String).utf8))
                else { continue }
                covered.insert(date)
                holidays += events
            }
            return (covered, holidays)
        }
    }

    /// Every day of a fetched range, with its events (none for most days).
    func cacheHolidays(_ holidays: [Holiday], from start: HolidayDate, through end: HolidayDate, at now: Date) throws(StoreError) {
        let byDay = Dictionary(grouping: holidays, by: \.date)
        try write("caching holidays") { db in
            var day = start
            while day <= end {
                let events = String(decoding: try JSONEncoder().encode(byDay[day] ?? []), as: UTF8.self)
                try db.execute(
                    sql: """
                        INSERT INTO holiday_day (date, fetched_at, events) VALUES (?, ?, ?)
                        ON CONFLICT(date) DO UPDATE SET fetched_at = excluded.fetched_at, events = excluded.events
                        """, arguments: [day.description, now, events])
                day = day.adding(days: 1)
            }
        }
    }
}
