import Foundation
import GRDB
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The crypto feed's tables: each poll's prices (`price_history`) and its last tickers.
extension Store {
    /// Prices of one poll, for rules that look back over our own history; older than `keep`
    /// is pruned in the same transaction.
    package func appendPrices(_ tickers: [Ticker], at now: Date, keep: TimeInterval = 2 * 86400) throws(StoreError) {
        try write("saving prices") { db in
            for ticker in tickers {
                try db.execute(
                    sql: "INSERT INTO price_history (symbol, at, price) VALUES (?, ?, ?)",
                    arguments: [ticker.symbol.uppercased(), now, "\(ticker.priceUSD)"])
            }
            try db.execute(sql: "DELETE FROM price_history WHERE at < ?", arguments: [now.addingTimeInterval(-keep)])
        }
    }

    /// The prices of the last poll stored, by symbol: the trend arrow's "from".
    package func latestPrices() throws(StoreError) -> [String: Decimal] {
        try read("reading prices") { db in
            var prices: [String: Decimal] = [:]
            let sql = "SELECT symbol, price FROM price_history WHERE at = (SELECT MAX(at) FROM price_history)"
            for row in try Row.fetchAll(db, sql: sql) {
                if let price = Ticker.parseDecimal(row["price"] as String) { prices[row["symbol"]] = price }
            }
            return prices
        }
    }

    /// The prices stored at or after `since`, oldest first, by symbol; of the one `symbol` if given
    /// (a view of one coin reads only its rows, through the index).
    package func priceHistory(since: Date, symbol: String? = nil) throws(StoreError) -> [String: [CryptoMoveRule.PricePoint]] {
        try read("reading prices") { db in
            var history: [String: [CryptoMoveRule.PricePoint]] = [:]
            let bound = Self.storedDateText(since)
            var arguments: StatementArguments = [bound.seconds, bound.milliseconds]
            var sql = "SELECT symbol, at, \(Self.instantSQL("at")) AS at_ms, price FROM price_history WHERE at >= \(Self.storedDateSQL)"
            if let symbol {
                sql += " AND symbol = ?"
                arguments += [symbol]
            }
            for row in try Row.fetchAll(db, sql: sql + " ORDER BY at", arguments: arguments) {
                guard let price = Ticker.parseDecimal(row["price"] as String), let at = Self.instant(row, milliseconds: "at_ms", text: "at") else {
                    continue
                }
                history[row["symbol"], default: []].append(CryptoMoveRule.PricePoint(at: at, price: price))
            }
            return history
        }
    }

    /// An instant as the price table gives it back: the text it is stored as, read again.
    package static func storedInstant(_ date: Date) -> Date {
        let text = storedDateText(date)
        return instant(julianMilliseconds: text.seconds * 1000 + text.milliseconds + unixEpochJulianMilliseconds)
    }

    /// 1970-01-01 00:00 UTC, Julian day 2,440,587.5, in milliseconds.
    static let unixEpochJulianMilliseconds: Int64 = 210_866_760_000_000

    /// GRDB's text of a `Date` (`yyyy-MM-dd HH:mm:ss.SSS` in UTC, through a `DateFormatter`,
    /// which rounds to the millisecond), made by SQLite from whole seconds and milliseconds: the
    /// same text without the formatter, whose ICU set-up is most of a short command's reading.
    static let storedDateSQL = "strftime('%Y-%m-%d %H:%M:%S', ?, 'unixepoch') || printf('.%03d', ?)"

    /// The arguments of `storedDateSQL`: the instant rounded to the millisecond as the formatter
    /// rounds it (CFDateFormatter adds half a millisecond, ICU floors), split into whole seconds
    /// since 1970 and milliseconds.
    static func storedDateText(_ date: Date) -> (seconds: Int64, milliseconds: Int64) {
        let rounded = ((date.timeIntervalSinceReferenceDate + Date.timeIntervalBetween1970AndReferenceDate) * 1000 + 0.5).rounded(.down)
        // Beyond the years SQLite writes (0000–9999) the comparison is "every row" or "none" anyway.
        let milliseconds = Int64(min(max(rounded.isNaN ? 0 : rounded, -62_167_219_200_000), 253_402_300_799_999))
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        return (seconds, milliseconds - seconds * 1000)
    }

    /// The coins of the last crypto poll, with when it was.
    package func latestTickers() -> (fetchedAt: Date, tickers: [Ticker])? {
        guard let snapshot = try? snapshot(feed: CryptoFeed.name) else { return nil }
        let payload = Data(utf8Of: snapshot.payload)
        guard let tickers = TickerSnapshotScanner.tickers(payload) ?? (try? JSONDecoder().decode([Ticker].self, from: payload)) else { return nil }
        return (snapshot.fetchedAt, tickers)
    }
}
