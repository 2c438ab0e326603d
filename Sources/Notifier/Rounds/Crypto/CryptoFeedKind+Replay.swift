import Feeds
import Foundation
import Rules

/// `notifier test`'s replay of a recorded CoinLore tickers page: the coins a poll would watch,
/// evaluated as `CryptoRound` does, on the replay's private state.
extension CryptoFeedKind: RecordedFeed {
    var recordingSuffixes: [String] { ["coinlore"] }

    func replay(_ data: Data, suffix: String, now: Date, config: Config, state: inout ReplayState) -> [DecisionNote] {
        guard config.crypto.enabled, let page = try? CoinLoreDecoder.decodeTickersPage(data), !page.isEmpty else {
            // No data is no data: nothing evaluated; the first failure after data noted once.
            guard state.failing.insert(name).inserted else { return [] }
            return state.engine.feedUnknownNotes(rules: CryptoRound.rules, now: now)
        }
        state.failing.remove(name)
        let wanted = Set(config.watchedSymbols.map { $0.uppercased() })
        let tickers = page.enumerated().filter { $0.offset < config.crypto.top || wanted.contains($0.element.symbol.uppercased()) }.map(\.element)
        let previous = state.lastPrices ?? [:]
        var readings: [SubjectReading] = []
        if config.cryptoChange.enabled {
            readings += config.cryptoChange.rule.readings(tickers, known: Array(state.engine.records.keys), previous: previous, locale: ReplayState.locale)
        }
        if config.cryptoCross.enabled {
            readings += config.cryptoCross.rule.readings(tickers, locale: ReplayState.locale)
        }
        if config.cryptoMove.enabled {
            let since = now.addingTimeInterval(-Double(config.cryptoMove.window.components.seconds))
            let history = state.priceHistory.mapValues { $0.filter { $0.at >= since } }
            readings += config.cryptoMove.rule.readings(tickers, history: history, now: now, locale: ReplayState.locale)
        }
        let decision = state.engine.evaluate(readings, now: now)
        for ticker in tickers {
            let symbol = ticker.symbol.uppercased()
            state.priceHistory[symbol, default: []].append(CryptoMoveRule.PricePoint(at: now, price: ticker.priceUSD))
            state.priceHistory[symbol]?.removeAll { $0.at < now.addingTimeInterval(-2 * 86400) }
        }
        state.lastPrices = Dictionary(tickers.map { ($0.symbol.uppercased(), $0.priceUSD) }) { first, _ in first }
        return state.deliver(decision, now: now)
    }
}
