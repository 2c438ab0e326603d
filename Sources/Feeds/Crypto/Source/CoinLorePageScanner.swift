import Foundation
import NotifierCore

/// One pass over a `/tickers/` page as CoinLore sends it: `{"data":[{…},…],…}` with flat ticker
/// objects, ASCII strings without escapes, plain numbers. It checks the whole body as strict JSON and
/// reads only the fields a ticker is made of. Anything outside that (an escape, non-ASCII text, a
/// repeated field, deep nesting, an exponent in a number it reads, a body that is not JSON) makes it
/// answer `nil`, and JSONDecoder reads the body as before: this pass never decides what that
/// path would decide differently (a test runs both over the samples and over mangled ones).
struct CoinLorePageScanner: JSONScanner {
    var cursor: JSONCursor
    private static let keys = TickerFields.Key.allCases.map { Array($0.name.utf8) }
    private static let dataKey = Array("data".utf8)

    /// The page's entries, or `nil` to leave the body to JSONDecoder.
    static func entries(_ data: Data) -> [RawTicker]? {
        data.withUnsafeBytes { buffer in
            guard let cursor = JSONCursor(buffer, text: .plainASCII) else { return nil }
            var scanner = CoinLorePageScanner(cursor: cursor)
            return scanner.page()
        }
    }

    private mutating func page() -> [RawTicker]? {
        var entries: [RawTicker]?
        let complete = object(depth: 0) { scanner, key in
            guard scanner.cursor.equals(key, Self.dataKey) else { return scanner.cursor.skipValue(depth: 1) }
            guard entries == nil, let tickers = scanner.array(depth: 1, { $0.tickerFields().map(RawTicker.init) }) else { return false }
            entries = tickers
            return true
        }
        return complete && cursor.isAtEnd() ? entries : nil
    }

    private mutating func tickerFields() -> TickerFields? {
        var fields = TickerFields()
        let seen = members(depth: 2, Self.keys) { scanner, index in
            guard let value = scanner.scalar() else { return false }
            fields[TickerFields.Key(rawValue: index)!] = value
            return true
        }
        return seen == nil ? nil : fields
    }

    /// A field's value as `Scalar` reads it.
    private mutating func scalar() -> Scalar? {
        guard let next = cursor.peek() else { return nil }
        switch next {
        case UInt8(ascii: "\""):
            return cursor.text().map(Scalar.string)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard let token = cursor.number() else { return nil }
            let decimal = cursor[token].withMemoryRebound(to: UInt8.self) { ExactDecimal.parsePlain($0) }
            return decimal.map { .number($0) }
        case UInt8(ascii: "n"):
            return cursor.literal("null") ? .null : nil
        default:
            return cursor.skipValue(depth: 3) ? .other : nil
        }
    }
}
