import Foundation
import GRDB
import NotifierCore
import NotifierEngine

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

    package func priceHistory(since: Date) throws(StoreError) -> [String: [CryptoMoveRule.PricePoint]] {
        try read("reading prices") { db in
            var history: [String: [CryptoMoveRule.PricePoint]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT symbol, at, price FROM price_history WHERE at >= ? ORDER BY at", arguments: [since]) {
                guard let price = Ticker.parseDecimal(row["price"] as String) else { continue }
                history[row["symbol"], default: []].append(CryptoMoveRule.PricePoint(at: row["at"], price: price))
            }
            return history
        }
    }

    /// The coins of the last crypto poll, with when it was.
    package func latestTickers() -> (fetchedAt: Date, tickers: [Ticker])? {
        guard let snapshot = try? snapshot(feed: CryptoFeed.name),
            let tickers = try? JSONDecoder().decode([Ticker].self, from: Data(snapshot.payload.utf8))
        else { return nil }
        return (snapshot.fetchedAt, tickers)
    }
}
