import Foundation
import GRDB
import NotifierCore
import NotifierEngine
import NotifierSystem

extension Store {
    /// The cached days from `start` through `end` fetched after `freshAfter`, and their events.
    package func cachedHolidays(from start: CivilDate, through end: CivilDate, freshAfter: Date) throws(StoreError) -> (
        covered: Set<CivilDate>, holidays: [Holiday]
    ) {
        try read("reading the holiday cache") { db in
            var covered = Set<CivilDate>()
            var holidays: [Holiday] = []
            let rows = try Row.fetchAll(
                db, sql: "SELECT date, events FROM holiday_day WHERE date >= ? AND date <= ? AND fetched_at > ?",
                arguments: [start.description, end.description, freshAfter])
            for row in rows {
                guard let date = CivilDate(string: row["date"]),
                    let events = try? JSONDecoder().decode([Holiday].self, from: Data((row["events"] as String).utf8))
                else { continue }
                covered.insert(date)
                holidays += events
            }
            return (covered, holidays)
        }
    }

    /// Every day of a fetched range, with its events (none for most days).
    package func cacheHolidays(_ holidays: [Holiday], from start: CivilDate, through end: CivilDate, at now: Date) throws(StoreError) {
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
