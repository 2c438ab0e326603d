import Foundation
import NotifierCore
import NotifierEngine

/// Decoders for the CoinLore API (`api.coinlore.net/api`). CoinLore sends most numbers as JSON
/// strings (`"99584.59"`, E-notation such as `"3.14E-10"`, `""` for none) and some as JSON
/// numbers (`volume24`, which other responses send as a string), so every numeric field is read
/// from either, exactly, as a `Decimal`. A ticker without a usable id, symbol or price is
/// skipped; an answer with no ticker left is `noTickers`, never prices of zero.
public enum CoinLoreDecoder {
    public enum DecodeError: Error, Equatable, CustomStringConvertible {
        case notJSON(String)
        case noTickers

        public var description: String {
            switch self {
            case .notJSON(let detail): return "not the expected JSON (\(detail))"
            case .noTickers: return "no tickers in the response"
            }
        }
    }

    /// `/tickers/?start=&limit=`: `{"data":[...],"info":{"coins_num":…,"time":…}}`.
    public static func decodeTickersPage(_ data: Data) throws(DecodeError) -> [Ticker] {
        let page = try decodePage(data)
        guard !page.tickers.isEmpty else { throw .noTickers }
        return page.tickers
    }

    /// `/ticker/?id=90,80`: a bare array of tickers.
    public static func decodeTickers(_ data: Data) throws(DecodeError) -> [Ticker] {
        try decodeTickersReporting(data).tickers
    }

    /// The same, with what was left out for an implausible price (see `TickerPlausibility`).
    public static func decodeTickersReporting(_ data: Data) throws(DecodeError) -> (tickers: [Ticker], implausible: [String]) {
        let raw: [RawTicker]
        do {
            raw = try JSONDecoder().decode([RawTicker].self, from: data)
        } catch {
            throw .notJSON(describe(error, body: data))
        }
        let tickers = raw.compactMap(\.ticker)
        let implausible = raw.compactMap(\.implausible)
        guard !tickers.isEmpty else {
            // Say what was wrong with the prices, not merely that no coin was left.
            if !implausible.isEmpty { throw .notJSON(implausible.joined(separator: "; ")) }
            throw .noTickers
        }
        return (tickers, implausible)
    }

    /// One `/tickers/` page: its usable tickers and how many entries it had, usable or not, so
    /// that a caller paging through can tell the end of the list from skipped entries, and what
    /// was left out for an implausible price. An empty page is not an error here.
    static func decodePage(_ data: Data) throws(DecodeError) -> (tickers: [Ticker], entries: Int, implausible: [String]) {
        // A page as CoinLore sends it is read in one pass; anything else, and every error, by JSONDecoder.
        if let entries = CoinLorePageScanner.entries(data) {
            return (entries.compactMap(\.ticker), entries.count, entries.compactMap(\.implausible))
        }
        return try decodePageWithJSONDecoder(data)
    }

    /// The page read by JSONDecoder: any JSON, and the errors said as `describe` says them.
    static func decodePageWithJSONDecoder(_ data: Data) throws(DecodeError) -> (tickers: [Ticker], entries: Int, implausible: [String]) {
        let page: Envelope
        do {
            page = try JSONDecoder().decode(Envelope.self, from: data)
        } catch {
            throw .notJSON(describe(error, body: data))
        }
        return (page.data.compactMap(\.ticker), page.data.count, page.data.compactMap(\.implausible))
    }

    static func describe(_ error: any Error, body: Data) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
            guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return "empty body" }
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return "invalid or truncated JSON" }
            return "body starts with \(preview(body))"
        case DecodingError.dataCorrupted(let context):
            return "'\(path(context.codingPath))' is corrupted"
        case DecodingError.keyNotFound(let key, let context):
            return "missing '\(path(context.codingPath + [key]))'"
        case DecodingError.typeMismatch(let type, let context), DecodingError.valueNotFound(let type, let context):
            let what = kind(type)
            return context.codingPath.isEmpty ? "the top level is not \(what)" : "'\(path(context.codingPath))' is not \(what)"
        default:
            return "\(error)"
        }
    }

    private static func kind(_ type: Any.Type) -> String {
        let name = "\(type)"
        if name.hasPrefix("Array") || name.hasPrefix("[") { return "an array" }
        if name.hasPrefix("Dictionary") || name.hasPrefix("Envelope") { return "an object" }
        return name
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    /// The start of a body that is not JSON (an HTML error page, say), printable and short.
    private static func preview(_ body: Data) -> String {
        let text = String(decoding: body.prefix(64), as: UTF8.self)
        let printable = text.unicodeScalars.map { scalar -> String in
            (0x20..<0x7F).contains(scalar.value) ? String(scalar) : " "
        }.joined()
        let collapsed = printable.split(separator: " ").joined(separator: " ")
        let short = collapsed.count > 24 ? "\(collapsed.prefix(24))…" : collapsed
        return "\"\(short)\""
    }
}

private struct Envelope: Decodable {
    var data: [RawTicker]
}

/// The fields of one `data` entry that a ticker is made of, as sent; filled by `RawTicker`'s
/// decoding or by `CoinLorePageScanner`, and read the same way after either.
struct TickerFields {
    enum Key: Int, CaseIterable {
        case id, symbol, name, rank, priceUSD, change1h, change24h, change7d, marketCap, volume24, circulating, total, max

        /// The key as CoinLore writes it.
        var name: String { Self.names[rawValue] }

        static let names = [
            "id", "symbol", "name", "rank", "price_usd", "percent_change_1h", "percent_change_24h", "percent_change_7d",
            "market_cap_usd", "volume24", "csupply", "tsupply", "msupply",
        ]
        static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
    }

    private var values = [Scalar?](repeating: nil, count: Key.allCases.count)

    subscript(key: Key) -> Scalar? {
        get { values[key.rawValue] }
        set { values[key.rawValue] = newValue }
    }
}

/// One entry of `data`, read field by field so that a bad field costs that field (or, for the
/// id, symbol and price, that ticker) and never the whole answer.
struct RawTicker: Decodable {
    /// The ticker, with each figure within `TickerPlausibility`'s bounds or unknown.
    private(set) var ticker: Ticker?
    /// Why an otherwise whole ticker was left out: its price cannot be true.
    private(set) var implausible: String?

    init(from decoder: any Decoder) {
        var fields = TickerFields()
        guard let container = try? decoder.container(keyedBy: AnyKey.self) else {
            // Not an object: no ticker.
            self.init(fields)
            return
        }
        for key in container.allKeys {
            guard let field = TickerFields.Key.byName[key.stringValue] else { continue }
            fields[field] = (try? container.decode(Scalar.self, forKey: key)) ?? .other
        }
        self.init(fields)
    }

    init(_ fields: TickerFields) {
        guard let parsed = Self.parsed(fields) else { return }
        ticker = TickerPlausibility.checked(parsed)
        if ticker == nil { implausible = TickerPlausibility.refusal(symbol: parsed.symbol, price: parsed.priceUSD) }
    }

    private static func parsed(_ fields: TickerFields) -> Ticker? {
        guard let id = text(fields[.id]), let symbol = text(fields[.symbol]),
            let price = decimal(fields[.priceUSD]), ExactDecimal.isLess(0, price)
        else { return nil }
        return Ticker(
            id: id, symbol: symbol, name: text(fields[.name]) ?? symbol, rank: max(0, integer(fields[.rank]) ?? 0), priceUSD: price,
            change1h: decimal(fields[.change1h]), change24h: decimal(fields[.change24h]),
            change7d: decimal(fields[.change7d]), marketCapUSD: decimal(fields[.marketCap]),
            volume24USD: decimal(fields[.volume24]), circulatingSupply: decimal(fields[.circulating]),
            totalSupply: decimal(fields[.total]), maxSupply: decimal(fields[.max])
        )
    }

    /// A non-empty string, or an integer sent as a number (ids).
    private static func text(_ field: Scalar?) -> String? {
        switch field {
        case .string(let value):
            let trimmed = Ticker.trimmed(value)
            return trimmed.isEmpty ? nil : trimmed
        case .number(let value) where value.isWholeNumber:
            return "\(value)"
        default:
            return nil
        }
    }

    private static let int32Range = Decimal(Int32.min)...Decimal(Int32.max)

    private static func decimal(_ field: Scalar?) -> Decimal? {
        switch field {
        case .number(let value): return value
        case .string(let value): return Ticker.parseDecimal(value)
        default: return nil
        }
    }

    private static func integer(_ field: Scalar?) -> Int? {
        guard let value = decimal(field), value.isWholeNumber, ExactDecimal.contains(int32Range, value) else { return nil }
        return NSDecimalNumber(decimal: value).intValue
    }
}

/// A JSON value as CoinLore sends one: numbers kept exact, anything nested ignored.
enum Scalar: Decodable {
    case null
    case number(Decimal)
    case string(String)
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Decimal.self) {
            // JSONDecoder reads a Decimal from the number's digits, not through Double.
            self = .number(value)
        } else {
            self = .other
        }
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Decimal {
    fileprivate var isWholeNumber: Bool {
        // A non-negative exponent is a whole number in any representation; rounding costs microseconds.
        if !isNaN, exponent >= 0 { return true }
        var value = self
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return rounded == self
    }
}
