import Foundation
import GRDB
import NotifierCore
import Testing

/// Stored instants read through SQLite's `julianday` are the dates GRDB itself decodes from the
/// same value, bit for bit, so that either may be compared with the other; none where GRDB reads
/// none.
@Suite struct StoreInstantsTests {
    @Test func julianMillisecondsDecodeAsGRDBDecodes() throws {
        let database = try DatabaseQueue()
        var generator = SystemRandomNumberGenerator()
        var dates = [0, 1, -1, 0.0005, 0.001, 0.999, -0.001, -0.999, 978_307_200, 978_307_199.999, 1_800_000_000.123, 4_102_444_799.999]
            .map { Date(timeIntervalSince1970: $0) }
        for index in 0..<20_000 {
            let seconds: Double
            switch index % 4 {
            case 0: seconds = Double.random(in: 0...4_000_000_000, using: &generator)
            case 1: seconds = Double(Int.random(in: 1_700_000_000_000...1_900_000_000_000, using: &generator)) / 1000
            // Days either side of 2001, where a second's fraction is most of the value's precision.
            case 2: seconds = 978_307_200 + Double(Int.random(in: -300_000_000...300_000_000, using: &generator)) / 1000
            default: seconds = Double.random(in: -2_000_000_000...0, using: &generator)
            }
            dates.append(Date(timeIntervalSince1970: seconds))
        }
        try database.write { db in
            try db.execute(sql: "CREATE TABLE t (at DATETIME)")
            for date in dates { try db.execute(sql: "INSERT INTO t (at) VALUES (?)", arguments: [date]) }
            // What a damaged or hand-edited row may hold: each reads as GRDB reads it, or as none.
            let odd: [DatabaseValueConvertible?] = [
                nil, "not a date", "now", "", "2026-11-30", "2026-11-30T12:00:00", "2026-11-30 12:00", "12345", "2026-13-45 00:00:00.000",
                1_800_000_000.5, 2_460_000, Data([0x32, 0x30]),
            ]
            for value in odd { try db.execute(sql: "INSERT INTO t (at) VALUES (?)", arguments: [value]) }
            let rows = try Row.fetchAll(db, sql: "SELECT at, \(Store.instantSQL("at")) AS ms FROM t")
            #expect(rows.count == dates.count + odd.count)
            for row in rows {
                let reference = Date.fromDatabaseValue(row["at"] as DatabaseValue)
                let ours = Store.instant(row, milliseconds: "ms", text: "at")
                #expect(ours?.timeIntervalSinceReferenceDate.bitPattern == reference?.timeIntervalSinceReferenceDate.bitPattern, "\(row)")
            }
        }
    }

    /// A snapshot whose time cannot be read is none, not a crash (a price: `PriceHistoryTests`).
    @Test func anUnreadableTimeIsSkipped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-instants-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Store(path: folder.appendingPathComponent("store.sqlite").path)
        let fetched = Date(timeIntervalSince1970: 1_800_000_000.25)
        try store.save(FeedSnapshot(feed: "crypto", source: "coinlore", fetchedAt: fetched, payload: "[]"))
        #expect(try store.snapshot(feed: "crypto")?.fetchedAt == Store.instant(julianMilliseconds: 210_866_760_000_000 + 1_800_000_000_250))
        try store.write("damaging") { db in try db.execute(sql: "UPDATE feed_snapshot SET fetched_at = 'yesterday'") }
        #expect(try store.snapshot(feed: "crypto") == nil)
    }
}
