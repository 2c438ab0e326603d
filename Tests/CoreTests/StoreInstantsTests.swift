import Foundation
import GRDB
import NotifierCore
import Testing

/// Stored instants read through SQLite's `julianday` are the dates GRDB itself decodes from the
/// same text, bit for bit, so that either may be compared with the other.
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
            try db.execute(sql: "INSERT INTO t (at) VALUES (NULL), ('not a date')")
            let rows = try Row.fetchAll(db, sql: "SELECT at, \(Store.instantSQL("at")) AS ms FROM t")
            #expect(rows.count == dates.count + 2)
            for row in rows {
                let text: String? = row["at"]
                let milliseconds: Int64? = row["ms"]
                guard let text, let reference = Date.fromDatabaseValue(text.databaseValue) else {
                    #expect(milliseconds == nil, "\(text ?? "NULL")")
                    continue
                }
                let ours = try #require(milliseconds.map(Store.instant(julianMilliseconds:)), "\(text)")
                #expect(ours.timeIntervalSinceReferenceDate.bitPattern == reference.timeIntervalSinceReferenceDate.bitPattern, "\(text)")
            }
        }
    }
}
