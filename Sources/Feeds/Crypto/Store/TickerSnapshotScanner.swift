import Foundation
import NotifierCore

/// One pass over the crypto snapshot as `JSONEncoder` wrote it (`[Ticker]`: flat objects, amounts
/// as plain JSON numbers), for the views, which read it on every open: JSONDecoder's set-up and its
/// `Decimal` reading were a fifth of `open crypto`. Anything it is not sure of (an escape, a
/// repeated or missing field, a number with an exponent or beyond 19 digits, a zero but "0") is left to
/// JSONDecoder, and a test runs both side by side.
struct TickerSnapshotScanner: JSONScanner {
    var cursor: JSONCursor

    private enum Field: Int, CaseIterable {
        case id, symbol, name, rank, priceUSD, change1h, change24h, change7d, marketCapUSD, volume24USD, circulatingSupply, totalSupply,
            maxSupply

        // Written out: a case's name by interpolation goes through reflection, a cost per open.
        static let keys = [
            "id", "symbol", "name", "rank", "priceUSD", "change1h", "change24h", "change7d", "marketCapUSD", "volume24USD",
            "circulatingSupply", "totalSupply", "maxSupply",
        ].map { Array($0.utf8) }
        static let required: UInt64 = [id, symbol, name, rank, priceUSD].reduce(0) { $0 | 1 << $1.rawValue }
    }

    /// The snapshot's tickers, or `nil` to leave it to JSONDecoder.
    static func tickers(_ payload: Data) -> [Ticker]? {
        payload.withUnsafeBytes { buffer in
            guard let cursor = JSONCursor(buffer, text: .utf8) else { return nil }
            var scanner = TickerSnapshotScanner(cursor: cursor)
            guard let tickers = scanner.tickers(), scanner.cursor.isAtEnd() else { return nil }
            return tickers
        }
    }

    private mutating func tickers() -> [Ticker]? {
        array(depth: 1) { $0.ticker() }
    }

    private mutating func ticker() -> Ticker? {
        var ticker = Ticker(id: "", symbol: "", name: "", rank: 0, priceUSD: 0)
        guard let seen = members(depth: 2, Field.keys, { scanner, index in scanner.read(Field(rawValue: index)!, into: &ticker) }),
            seen & Field.required == Field.required
        else { return nil }
        return ticker
    }

    private mutating func read(_ field: Field, into ticker: inout Ticker) -> Bool {
        switch field {
        case .id: return cursor.text().map { ticker.id = $0 } != nil
        case .symbol: return cursor.text().map { ticker.symbol = $0 } != nil
        case .name: return cursor.text().map { ticker.name = $0 } != nil
        case .rank: return cursor.integer().map { ticker.rank = $0 } != nil
        case .priceUSD: return decimal().map { ticker.priceUSD = $0 } != nil
        case .change1h: return optionalDecimal(&ticker.change1h)
        case .change24h: return optionalDecimal(&ticker.change24h)
        case .change7d: return optionalDecimal(&ticker.change7d)
        case .marketCapUSD: return optionalDecimal(&ticker.marketCapUSD)
        case .volume24USD: return optionalDecimal(&ticker.volume24USD)
        case .circulatingSupply: return optionalDecimal(&ticker.circulatingSupply)
        case .totalSupply: return optionalDecimal(&ticker.totalSupply)
        case .maxSupply: return optionalDecimal(&ticker.maxSupply)
        }
    }

    /// A JSON number as JSONDecoder reads a `Decimal` (`Decimal(string:)`'s value), where
    /// `ExactDecimal.parsePlain` is sure of it, and zero as `JSONEncoder` writes it ("0").
    private mutating func decimal() -> Decimal? {
        guard let token = cursor.number() else { return nil }
        if token.count == 1, cursor[token][0] == UInt8(ascii: "0") { return Decimal.zero }
        return cursor[token].withMemoryRebound(to: UInt8.self) { ExactDecimal.parsePlain($0) }
    }

    private mutating func optionalDecimal(_ value: inout Decimal?) -> Bool {
        if cursor.literal("null") {
            value = nil
            return true
        }
        guard let decimal = decimal() else { return false }
        value = decimal
        return true
    }
}
