import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Polls CoinLore and turns each poll into the crypto rule's readings. The watched coins are
/// resolved once (top N plus the configured symbols); later polls ask for just their ids.
package actor CryptoPoller {
    private let config: Config
    private let feed: CryptoFeed
    private var watchedIDs: [String] = []
    /// The prices of the last poll that worked, by symbol; `nil` before this process's first.
    private var lastPrices: [String: Decimal]?

    package init(config: Config, http: HTTPClient, clock: any Clock<Duration>) {
        self.config = config
        feed = CryptoFeed(http: http, baseURL: config.crypto.baseURL, clock: clock)
    }

    package func poll(logger: Logger) async -> Result<[Ticker], FeedError> {
        do {
            if watchedIDs.isEmpty {
                let (tickers, implausible) = try await feed.resolveReporting(symbols: config.watchedSymbols, top: config.crypto.top)
                for refusal in implausible { logger.warning("crypto feed: \(refusal)") }
                let found = Set(tickers.map { $0.symbol.uppercased() })
                for missing in config.watchedSymbols
                where !found.contains(missing)
                    && !implausible.contains(where: { $0.hasPrefix("'\(missing)'") })
                {
                    logger.warning("crypto feed: no coin with the symbol \(missing) among the first \(CryptoFeed.maxSymbolPages * CryptoFeed.pageSize)")
                }
                watchedIDs = tickers.map(\.id)
                guard !tickers.isEmpty else {
                    throw FeedError.decoding(RequestContext(feed: CryptoFeed.name, method: "GET", url: feed.baseURL), detail: "no tickers")
                }
                return .success(remembered(tickers))
            }
            let (tickers, implausible) = try await feed.tickersReporting(ids: watchedIDs)
            for refusal in implausible { logger.warning("crypto feed: \(refusal)") }
            return .success(remembered(tickers))
        } catch let error as FeedError {
            return .failure(error)
        } catch {
            return .failure(.transport(RequestContext(feed: CryptoFeed.name, method: "GET", url: feed.baseURL), detail: "\(error)"))
        }
    }

    /// The prices before the last poll that worked, for the trend arrow: from this poller's
    /// memory, or on a process's first poll from the price table (the last prices stored).
    private var previous: [String: Decimal]?

    package func previousPrices(store: Store?, logger: Logger) -> [String: Decimal] {
        if let previous { return previous }
        return StoreProblems.attempt("the last prices", logger: logger) { try store?.latestPrices() } ?? [:]
    }

    private func remembered(_ tickers: [Ticker]) -> [Ticker] {
        previous = lastPrices
        lastPrices = Dictionary(tickers.map { ($0.symbol.uppercased(), $0.priceUSD) }) { first, _ in first }
        return tickers
    }
}
