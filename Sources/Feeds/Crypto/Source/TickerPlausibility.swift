import Foundation
import NotifierCore
import NotifierEngine

/// What a coin's figures can be. A number that parses but cannot be true (a price of 1e127 USD,
/// a 24 h change of −1e30 %) is a broken answer, not news: outside these bounds a figure is
/// unknown, as a missing one is, so no rule fires from it. A price outside them costs the whole
/// ticker (there is nothing to watch without one), and is reported by symbol.
public enum TickerPlausibility {
    /// No coin has been worth more than a few hundred thousand dollars; a billion is absurd.
    public static let price: ClosedRange<Decimal> = Decimal(string: "1e-18")!...Decimal(1_000_000_000)
    /// A price cannot fall more than all of it; a thousandfold rise in a period is not believed.
    public static let percentChange: ClosedRange<Decimal> = Decimal(-100)...Decimal(100_000)
    /// Beyond the world's yearly output (~1e14 USD).
    public static let dollars: ClosedRange<Decimal> = Decimal(0)...Decimal(string: "1e15")!
    /// Coin counts: some tokens have quadrillions, none 1e21.
    public static let supply: ClosedRange<Decimal> = Decimal(0)...Decimal(string: "1e21")!

    public static func bounded(_ value: Decimal?, _ range: ClosedRange<Decimal>) -> Decimal? {
        guard let value, !value.isNaN, ExactDecimal.contains(range, value) else { return nil }
        return value
    }

    /// The figures outside their bounds made unknown; `nil` when the price itself is out.
    public static func checked(_ ticker: Ticker) -> Ticker? {
        guard bounded(ticker.priceUSD, price) != nil else { return nil }
        var checked = ticker
        checked.change1h = bounded(ticker.change1h, percentChange)
        checked.change24h = bounded(ticker.change24h, percentChange)
        checked.change7d = bounded(ticker.change7d, percentChange)
        checked.marketCapUSD = bounded(ticker.marketCapUSD, dollars)
        checked.volume24USD = bounded(ticker.volume24USD, dollars)
        checked.circulatingSupply = bounded(ticker.circulatingSupply, supply)
        checked.totalSupply = bounded(ticker.totalSupply, supply)
        checked.maxSupply = bounded(ticker.maxSupply, supply)
        return checked
    }

    /// "BTC: a price of 1e+127 USD cannot be true", for the log: the symbol and price as sent,
    /// sanitised and short.
    static func refusal(symbol: String, price: Decimal) -> String {
        let shown = price.description.count > 24 ? NSDecimalNumber(decimal: price).stringValue.prefix(12) + "…" : Substring(price.description)
        return "\(FeedText.quoted(symbol, limit: 16)) has a price of \(shown) USD, which cannot be true; it is left out of this poll"
    }
}
