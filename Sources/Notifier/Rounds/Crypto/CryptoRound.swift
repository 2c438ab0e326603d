import Feeds
import Foundation
import Logging
import Rules

/// The crypto feed's polls: fetch, evaluate the rule, hand alerts to the dispatcher, keep the
/// feed's health; in the daemon, again after the interval, or after a backoff on errors.
struct CryptoRound: Sendable {
    let runner: Runner
    let store: Store?
    let dispatcher: Dispatcher
    let poller: CryptoPoller
    let desk: EngineDesk
    let health: FeedHealthDesk

    init(runner: Runner, store: Store?, dispatcher: Dispatcher) {
        self.runner = runner
        self.store = store
        self.dispatcher = dispatcher
        poller = CryptoPoller(config: runner.context.config, http: runner.http, clock: runner.clock)
        desk = EngineDesk(store: store, logger: runner.logger)
        health = FeedHealthDesk(feed: CryptoFeed.name, store: store, degradedAfter: runner.context.config.cryptoDegradedAfter)
    }

    var config: Config { runner.context.config }

    func pollOnce() async -> Runner.PollOutcome {
        guard config.crypto.enabled else { return .notPolled }
        return await poll() == nil ? .succeeded : .failed
    }

    func pollForever() async {
        guard config.crypto.enabled else { return }
        var random = SeededGenerator.jitter()
        let backoff = Backoff()
        while !Task.isCancelled {
            let error = await poll()
            let retryAfter = error?.retryAfterSeconds.map { Duration.seconds($0) }
            let delay = backoff.delay(afterConsecutiveFailures: await health.consecutiveFailures, retryAfter: retryAfter,
                                      normalInterval: config.crypto.interval, random: &random)
            try? await runner.clock.sleep(for: delay)
        }
    }

    /// One poll; the error when it failed.
    func poll() async -> FeedError? {
        let now = runner.now()
        switch await poller.poll(logger: runner.logger) {
        case .failure(let error):
            // No data is no data: nothing is evaluated, so nothing fires or resolves.
            runner.logger.warning("\(error)")
            if let alert = await health.record(error, now: now) { await dispatcher.submit([alert], now: now) }
            return error
        case .success(let tickers):
            let previous = previousPrices()
            saveSnapshot(tickers, now: now)
            var alerts: [Alert] = []
            var changed: [SubjectKey: SubjectRecord] = [:]
            var readings: [SubjectReading] = []
            if config.cryptoChangeEnabled {
                readings += config.cryptoChangeRule.readings(tickers, known: await desk.knownKeys, previous: previous, locale: .current)
            }
            if config.cryptoCrossEnabled {
                readings += config.priceCrossingRule.readings(tickers, locale: .current)
            }
            if config.cryptoMoveEnabled {
                let since = now.addingTimeInterval(-Double(config.cryptoMoveWindow.components.seconds))
                let history = (try? store?.priceHistory(since: since)) ?? [:]
                readings += config.cryptoMoveRule.readings(tickers, history: history, now: now, locale: .current)
            }
            (alerts, changed) = await desk.evaluate(readings, now: now)
            do {
                try store?.appendPrices(tickers, at: now)
            } catch {
                runner.logger.error("\(error)")
            }
            if let alert = await health.record(nil, now: now) { alerts.append(alert) }
            runner.logger.debug("crypto feed: \(tickers.count) tickers, \(alerts.count) alerts")
            await dispatcher.submit(alerts, records: changed, now: now)
            return nil
        }
    }

    private func previousPrices() -> [String: Decimal] {
        guard let tickers = store?.latestTickers()?.tickers else { return [:] }
        return Dictionary(tickers.map { ($0.symbol.uppercased(), $0.priceUSD) }) { first, _ in first }
    }

    private func saveSnapshot(_ tickers: [Ticker], now: Date) {
        guard let data = try? JSONEncoder().encode(tickers) else { return }
        do {
            try store?.save(FeedSnapshot(feed: CryptoFeed.name, source: "coinlore", fetchedAt: now, payload: String(decoding: data, as: UTF8.self)))
        } catch {
            runner.logger.error("\(error)")
        }
    }
}
