import Foundation
import GRDB

/// Instants as the store keeps them: GRDB writes a `Date` as UTC text to the millisecond
/// ("yyyy-MM-dd HH:mm:ss.SSS"). Read back through GRDB, the process's first one sets up a
/// Gregorian `Calendar` with its locale, about 0.9 ms of a view that reads one row. SQLite's
/// `julianday` reads the same text to the millisecond, which is all the text holds.
extension Store {
    /// `column`'s instant in whole milliseconds since the Julian day's epoch, as SQLite keeps it
    /// (its double, multiplied back and rounded); NULL where it holds no such text. Only text
    /// that starts with a year: SQLite reads a number as a Julian day and "now" as the time of
    /// the query, where GRDB reads a number as seconds since 1970 and "now" as no date.
    package static func instantSQL(_ column: String) -> String {
        "CASE WHEN typeof(\(column)) = 'text' AND \(column) GLOB '[0-9][0-9][0-9][0-9]-*' THEN CAST(round(julianday(\(column)) * 86400000) AS INTEGER) END"
    }

    /// The `Date` GRDB decodes from the same text, bit for bit: the time of day with its
    /// fraction, then the whole days since 2001, as the Gregorian calendar adds them.
    package static func instant(julianMilliseconds: Int64) -> Date {
        let sinceReference = julianMilliseconds &- Self.referenceDateJulianMilliseconds
        let dayMilliseconds: Int64 = 86_400_000
        let days = sinceReference >= 0 ? sinceReference / dayMilliseconds : (sinceReference - dayMilliseconds + 1) / dayMilliseconds
        let ofDay = sinceReference - days * dayMilliseconds
        let timeOfDay = Double(ofDay / 1000) + Double(ofDay % 1000) / 1000
        return Date(timeIntervalSinceReferenceDate: Double(days) * 86400 + timeOfDay)
    }

    /// The instant of `row`'s column `text`, from its `instantSQL` beside it in `milliseconds`;
    /// else as GRDB reads the value; `nil` where neither reads one (a damaged row, not a crash).
    package static func instant(_ row: Row, milliseconds: String, text: String) -> Date? {
        if let value: Int64 = row[milliseconds] { return instant(julianMilliseconds: value) }
        return Date.fromDatabaseValue(row[text] as DatabaseValue)
    }

    /// 2001-01-01 00:00 UTC, Julian day 2,451,910.5, in milliseconds.
    static let referenceDateJulianMilliseconds: Int64 = 211_845_067_200_000
}
