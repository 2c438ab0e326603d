import Foundation
import GRDB
import NotifierCore
import Testing

@testable import NotifierCrypto

/// The price history's lower bound is written by SQLite rather than by GRDB's `DateFormatter`:
/// the same text, so the same rows, to the millisecond.
@Suite struct PriceHistoryTests {
    /// GRDB's own text of each date (its storage formatter), against the SQL that replaces it;
    /// and the instant that text reads back as.
    @Test func theBoundIsTheTextGRDBWrites() throws {
        let database = try DatabaseQueue()
        var generator = SystemRandomNumberGenerator()
        var dates = [0, 1, -1, 0.0005, 0.0015, -0.0005, 1_800_000_000.9995, 1_800_000_000.0004999, 978_307_200, 4_102_444_799.999]
            .map { Date(timeIntervalSince1970: $0) }
        for index in 0..<4000 {
            let seconds: Double
            switch index % 4 {
            case 0: seconds = Double.random(in: 0...4_000_000_000, using: &generator)
            case 1: seconds = Double(Int.random(in: 1_700_000_000_000...1_900_000_000_000, using: &generator)) / 1000 - 86400
            case 2: seconds = Double(Int.random(in: 1_700_000_000...1_900_000_000, using: &generator)) + 0.0005
            default: seconds = Double.random(in: -1_000_000_000...0, using: &generator)
            }
            dates.append(Date(timeIntervalSince1970: seconds))
        }
        try database.read { db in
            for date in dates {
                let bound = Store.storedDateText(date)
                let ours = try String.fetchOne(db, sql: "SELECT " + Store.storedDateSQL, arguments: [bound.seconds, bound.milliseconds])
                let grdb = try String.fetchOne(db, sql: "SELECT ?", arguments: [date])
                #expect(ours == grdb, "\(date.timeIntervalSince1970)")
                // The instant read back, as GRDB reads its own text.
                let readBack = try #require(Date.fromDatabaseValue(date.databaseValue))
                #expect(Store.storedInstant(date).timeIntervalSinceReferenceDate.bitPattern == readBack.timeIntervalSinceReferenceDate.bitPattern)
            }
        }
    }

    /// Rows a millisecond either side of the bound, and on it; one coin's history is its share of all.
    @Test func oneCoinsHistoryIsItsShareOfAll() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-price-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Store(path: folder.appendingPathComponent("store.sqlite").path, migrations: StoreMigration.crypto)
        let since = Date(timeIntervalSince1970: 1_800_000_000.123)
        let coins = [
            Ticker(id: "90", symbol: "BTC", name: "Bitcoin", rank: 1, priceUSD: 100_000),
            Ticker(id: "80", symbol: "eth", name: "Ethereum", rank: 2, priceUSD: 3_000),
        ]
        for offset in [-0.002, -0.001, 0, 0.0004, 0.001, 60, 3600] {
            try store.appendPrices(coins, at: since.addingTimeInterval(offset), keep: 86400 * 365 * 100)
        }
        let all = try store.priceHistory(since: since)
        // The same rows as through GRDB's own formatting of the bound.
        let reference = try store.read("reading prices") { db in
            try Row.fetchAll(db, sql: "SELECT symbol, at FROM price_history WHERE at >= ? ORDER BY at", arguments: [since])
                .map { "\($0["symbol"] as String) \(($0["at"] as Date).timeIntervalSince1970)" }
        }
        let ours = all.flatMap { symbol, points in points.map { "\(symbol) \($0.at.timeIntervalSince1970)" } }
        #expect(ours.sorted() == reference.sorted())
        #expect(all["BTC"]?.count == 5)
        for symbol in ["BTC", "ETH", "XRP"] {
            #expect(try store.priceHistory(since: since, symbol: symbol) == all.filter { $0.key == symbol })
        }
        // A price whose time cannot be read (a damaged or hand-edited row) is skipped, not a crash.
        try store.write("damaging") { db in
            try db.execute(sql: "UPDATE price_history SET at = 'yesterday' WHERE symbol = 'BTC' AND at = (SELECT MAX(at) FROM price_history)")
        }
        let damaged = try store.priceHistory(since: since)
        #expect(damaged["BTC"] == all["BTC"].map { Array($0.dropLast()) })
        #expect(damaged["ETH"] == all["ETH"])
    }
}
