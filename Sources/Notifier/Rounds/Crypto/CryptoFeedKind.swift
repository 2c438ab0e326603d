import ArgumentParser
import Feeds
import Foundation
import Rules

/// CoinLore's tickers, for `crypto_change`, `crypto_cross` and `crypto_move`.
struct CryptoFeedKind: FeedKind {
    var name: String { CryptoFeed.name }
    var views: [FeedView] { [.crypto] }
    var lists: [any ParsableCommand.Type] { [ListCrypto.self] }

    func pollOnce(_ environment: FeedEnvironment) async -> FeedOutcome {
        await CryptoRound(environment).pollOnce()
    }

    func pollForever(_ environment: FeedEnvironment) async {
        await CryptoRound(environment).pollForever()
    }

    func dryRun(_ env: DryRunEnvironment, into report: inout DryRunReport) async {
        let config = env.config
        guard config.crypto.enabled else { return }
        let poller = CryptoPoller(config: config, http: env.http, clock: env.clock)
        switch await poller.poll(logger: env.logger) {
        case .failure(let error):
            report.note("crypto: no data, so no alert (\(error))")
        case .success(let tickers):
            var engine = env.store.flatMap { try? $0.loadEngine() } ?? RuleEngine()
            var readings: [SubjectReading] = []
            if config.cryptoChangeEnabled {
                let rule = config.cryptoChangeRule
                let previous = StoreProblems.attempt("the last prices", logger: env.logger) { try env.store?.latestPrices() } ?? [:]
                let change = rule.readings(tickers, known: Array(engine.records.keys), previous: previous, locale: .current)
                let beyond = change.filter { $0.signal == .beyondFire }.map { "\($0.key.subject) \($0.shownValue)" }
                report.note("crypto_change: \(tickers.count) coins, \(rule.window.rawValue) change against ±\(config.cryptoChangeThreshold.shortText) % (re-arm ±\(config.cryptoChangeRearm.shortText) %); beyond: \(beyond.isEmpty ? "none" : beyond.joined(separator: ", "))")
                readings += change
            }
            if config.cryptoCrossEnabled, !config.cryptoCrossLevels.isEmpty {
                let cross = config.priceCrossingRule.readings(tickers, locale: .current)
                report.note("crypto_cross: " + cross.map { "\($0.key.subject) now \($0.shownValue)" }.joined(separator: ", "))
                readings += cross
            }
            if config.cryptoMoveEnabled {
                let now = env.now()
                let since = now.addingTimeInterval(-Double(config.cryptoMoveWindow.components.seconds))
                let history = env.store.flatMap { try? $0.priceHistory(since: since) } ?? [:]
                readings += config.cryptoMoveRule.readings(tickers, history: history, now: now, locale: .current)
            }
            report.record(engine.evaluate(readings, now: env.now()))
        }
    }
}
