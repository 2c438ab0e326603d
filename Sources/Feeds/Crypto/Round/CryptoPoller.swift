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
    /// crypto_move's prices within its window, kept from poll to poll; `nil` until read from the store.
    private var priceWindow: PriceWindow?

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

    /// Each ticker's low and high within crypto_move's window (from `since`) before this poll, and
    /// this poll's prices kept for the next. The window is read from the store on this process's
    /// first poll, and again when it must reach further back than it holds (a longer window after
    /// a reload) or the clock was set back before its last prices; without a store, it is this
    /// process's memory alone.
    package func moveExtremes(_ tickers: [Ticker], now: Date, since: Date, store: Store?, logger: Logger) -> [PriceWindow.Extremes] {
        if priceWindow?.answers(now: now, since: since) != true {
            priceWindow = nil
            guard let store else {
                priceWindow = PriceWindow(since: since)
                return priceWindow!.poll(tickers, now: now, since: since)
            }
            let history = StoreProblems.attempt("the price history", logger: logger) { try store.priceHistory(since: since) }
            let window = history.map { PriceWindow(history: $0, since: since) }
            // Unread, or holding prices after `now` (the clock set back): this poll reads them as
            // they are, and the next reads the store again.
            guard let window, window.answers(now: now, since: since) else {
                return tickers.map { PriceWindow.Extremes.scanning($0, history ?? [:], since: since, now: now) }
            }
            priceWindow = window
        }
        return priceWindow!.poll(tickers, now: now, since: since, keptAt: store.map { _ in Store.storedInstant(now) })
    }
}
