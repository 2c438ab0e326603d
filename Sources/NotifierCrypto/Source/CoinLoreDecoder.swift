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

/// One entry of `data`, read field by field so that a bad field costs that field (or, for the
/// id, symbol and price, that ticker) and never the whole answer.
private struct RawTicker: Decodable {
    private var fields: [String: Scalar] = [:]

    init(from decoder: any Decoder) {
        guard let container = try? decoder.container(keyedBy: AnyKey.self) else { return }
        for key in container.allKeys {
            fields[key.stringValue] = (try? container.decode(Scalar.self, forKey: key)) ?? .other
        }
        guard let parsed else { return }
        ticker = TickerPlausibility.checked(parsed)
        if ticker == nil { implausible = TickerPlausibility.refusal(symbol: parsed.symbol, price: parsed.priceUSD) }
    }

    /// The ticker, with each figure within `TickerPlausibility`'s bounds or unknown.
    private(set) var ticker: Ticker?
    /// Why an otherwise whole ticker was left out: its price cannot be true.
    private(set) var implausible: String?

    private var parsed: Ticker? {
        guard let id = text("id"), let symbol = text("symbol"),
            let price = decimal("price_usd"), price > 0
        else { return nil }
        return Ticker(
            id: id, symbol: symbol, name: text("name") ?? symbol, rank: max(0, integer("rank") ?? 0), priceUSD: price,
            change1h: decimal("percent_change_1h"), change24h: decimal("percent_change_24h"),
            change7d: decimal("percent_change_7d"), marketCapUSD: decimal("market_cap_usd"),
            volume24USD: decimal("volume24"), circulatingSupply: decimal("csupply"),
            totalSupply: decimal("tsupply"), maxSupply: decimal("msupply")
        )
    }

    /// A non-empty string, or an integer sent as a number (ids).
    private func text(_ key: String) -> String? {
        switch fields[key] {
        case .string(let value):
            let trimmed = Ticker.trimmed(value)
            return trimmed.isEmpty ? nil : trimmed
        case .number(let value) where value.isWholeNumber:
            return "\(value)"
        default:
            return nil
        }
    }

    private func decimal(_ key: String) -> Decimal? {
        switch fields[key] {
        case .number(let value): return value
        case .string(let value): return Ticker.parseDecimal(value)
        default: return nil
        }
    }

    private func integer(_ key: String) -> Int? {
        guard let value = decimal(key), value.isWholeNumber,
            value >= Decimal(Int32.min), value <= Decimal(Int32.max)
        else { return nil }
        return NSDecimalNumber(decimal: value).intValue
    }
}

/// A JSON value as CoinLore sends one: numbers kept exact, anything nested ignored.
private enum Scalar: Decodable {
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
        var value = self
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return rounded == self
    }
}
