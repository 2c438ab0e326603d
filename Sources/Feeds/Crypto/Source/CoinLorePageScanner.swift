import Foundation
import NotifierCore

/// One pass over a `/tickers/` page as CoinLore sends it: `{"data":[{…},…],…}` with flat ticker
/// objects, ASCII strings without escapes, plain numbers. It checks the whole body as strict JSON and
/// reads only the fields a ticker is made of. Anything outside that (an escape, non-ASCII text, a
/// repeated field, deep nesting, an exponent in a number it reads, a body that is not JSON) makes it
/// answer `nil`, and JSONDecoder reads the body as before: this pass never decides what that
/// path would decide differently (a test runs both over the samples and over mangled ones).
struct CoinLorePageScanner {
    private var cursor: JSONCursor
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
        guard cursor.take(UInt8(ascii: "{")) else { return nil }
        repeat {
            guard let key = cursor.string() else { return nil }
            guard cursor.take(UInt8(ascii: ":")) else { return nil }
            if cursor.equals(key, Self.dataKey) {
                guard entries == nil, let tickers = tickers() else { return nil }
                entries = tickers
            } else if !cursor.skipValue(depth: 1) {
                return nil
            }
        } while cursor.take(UInt8(ascii: ","))
        guard cursor.take(UInt8(ascii: "}")) else { return nil }
        return cursor.isAtEnd() ? entries : nil
    }

    private mutating func tickers() -> [RawTicker]? {
        guard cursor.take(UInt8(ascii: "[")) else { return nil }
        var entries: [RawTicker] = []
        if cursor.take(UInt8(ascii: "]")) { return entries }
        repeat {
            guard let fields = tickerFields() else { return nil }
            entries.append(RawTicker(fields))
        } while cursor.take(UInt8(ascii: ","))
        return cursor.take(UInt8(ascii: "]")) ? entries : nil
    }

    private mutating func tickerFields() -> TickerFields? {
        guard cursor.take(UInt8(ascii: "{")) else { return nil }
        var fields = TickerFields()
        if cursor.take(UInt8(ascii: "}")) { return fields }
        repeat {
            guard let key = cursor.string(), cursor.take(UInt8(ascii: ":")) else { return nil }
            guard let field = Self.keys.firstIndex(where: { cursor.equals(key, $0) }).flatMap(TickerFields.Key.init(rawValue:)) else {
                guard cursor.skipValue(depth: 3) else { return nil }
                continue
            }
            guard fields[field] == nil, let value = scalar() else { return nil }
            fields[field] = value
        } while cursor.take(UInt8(ascii: ","))
        return cursor.take(UInt8(ascii: "}")) ? fields : nil
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
