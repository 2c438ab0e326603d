import Foundation

@testable import NotifierCrypto

/// The crypto tests' one ticker: `symbol` is also its id and, lowercased, its name; the market
/// figures are the captured page's Bitcoin's.
enum CryptoTickers {
    static func ticker(_ symbol: String, _ price: Decimal, rank: Int = 1, change24h: Decimal? = nil) -> Ticker {
        Ticker(
            id: symbol, symbol: symbol, name: symbol.lowercased(), rank: rank, priceUSD: price, change24h: change24h,
            marketCapUSD: 1_967_874_549_929.5, volume24USD: 60_985_129_577.58225)
    }
}
