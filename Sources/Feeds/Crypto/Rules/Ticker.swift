import Foundation
import NotifierEngine

/// One coin's market data as a price feed reports it. Amounts are in US dollars and kept as
/// exact decimals, as the service wrote them: nothing a user reads goes through binary floating
/// point. The percentages are changes over the period, `-2.5` meaning down 2.5 %.
public struct Ticker: Codable, Sendable, Equatable {
    /// The service's own id (CoinLore: `90` for Bitcoin); stable, unlike symbols.
    public var id: String
    public var symbol: String
    public var name: String
    /// 1 for the largest market cap; 0 when the service sent none.
    public var rank: Int
    public var priceUSD: Decimal
    public var change1h: Decimal?
    public var change24h: Decimal?
    public var change7d: Decimal?
    public var marketCapUSD: Decimal?
    public var volume24USD: Decimal?
    /// Coins in circulation, in total, and at most; `nil` where CoinLore sends "" or null.
    public var circulatingSupply: Decimal?
    public var totalSupply: Decimal?
    public var maxSupply: Decimal?

    public init(
        id: String, symbol: String, name: String, rank: Int, priceUSD: Decimal,
        change1h: Decimal? = nil, change24h: Decimal? = nil, change7d: Decimal? = nil,
        marketCapUSD: Decimal? = nil, volume24USD: Decimal? = nil,
        circulatingSupply: Decimal? = nil, totalSupply: Decimal? = nil, maxSupply: Decimal? = nil
    ) {
        self.circulatingSupply = circulatingSupply
        self.totalSupply = totalSupply
        self.maxSupply = maxSupply
        self.id = id
        self.symbol = symbol
        self.name = name
        self.rank = rank
        self.priceUSD = priceUSD
        self.change1h = change1h
        self.change24h = change24h
        self.change7d = change7d
        self.marketCapUSD = marketCapUSD
        self.volume24USD = volume24USD
    }

    /// The exact value of a decimal number written as text: `"99584.59"`, `"-0.22"`,
    /// `"3.14E-10"` (E-notation). `nil` for anything else: empty text, `NaN`, `0x1A`, `"1,5"`,
    /// `"1.5abc"` — Foundation's `Decimal(string:)` alone would read a prefix of those — and
    /// values beyond `Decimal`'s range. Surrounding whitespace is ignored. Digits beyond
    /// `Decimal`'s 38 significant ones are truncated.
    public static func parseDecimal(_ text: some StringProtocol) -> Decimal? {
        let trimmed = trimmed(text)
        guard isDecimalLiteral(trimmed.utf8) else { return nil }
        return ExactDecimal.parse(trimmed, locale: posix)
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// `symbol.uppercased()`, which allocates a new string even for "BTC": symbols nearly always
    /// arrive in ASCII capitals already, and a rule asks for each coin's several times a poll.
    public static func uppercased(_ symbol: String) -> String {
        symbol.utf8.allSatisfy { $0 < 0x80 && !(0x61...0x7A).contains($0) } ? symbol : symbol.uppercased()
    }

    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, without its cost (a bridge to NSString
    /// on Linux, most of a CoinLore page's decoding) for text that starts and ends with a
    /// visible ASCII character, as nearly every field does.
    public static func trimmed(_ text: some StringProtocol) -> String {
        func isVisibleASCII(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return byte < 0x80 && byte != 0x20 && !(0x09...0x0D).contains(byte)
        }
        let string = String(text)
        if isVisibleASCII(string.utf8.first), isVisibleASCII(string.utf8.last) { return string }
        return string.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
    private static func isDecimalLiteral(_ bytes: String.UTF8View) -> Bool {
        var index = bytes.startIndex
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func skipDigits() -> Int {
            var count = 0
            while index < bytes.endIndex, isDigit(bytes[index]) {
                count += 1
                index = bytes.index(after: index)
            }
            return count
        }
        func skip(_ options: UInt8...) {
            if index < bytes.endIndex, options.contains(bytes[index]) { index = bytes.index(after: index) }
        }
        skip(UInt8(ascii: "+"), UInt8(ascii: "-"))
        var mantissaDigits = skipDigits()
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index = bytes.index(after: index)
            mantissaDigits += skipDigits()
        }
        guard mantissaDigits > 0 else { return false }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index = bytes.index(after: index)
            skip(UInt8(ascii: "+"), UInt8(ascii: "-"))
            guard skipDigits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }
}
