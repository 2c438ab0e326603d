import Foundation
import Logging
import NotifierCore
import NotifierEngine

/// The crypto feed's polls: fetch, evaluate the rule, hand alerts to the dispatcher, keep the
/// feed's health; in the daemon, again after the interval, or after a backoff on errors.
package struct CryptoRound: Sendable {
    package let env: FeedEnvironment
    package let poller: CryptoPoller
    package let health: FeedHealthTracker

    package init(_ env: FeedEnvironment) {
        self.env = env
        poller = CryptoPoller(config: env.config, http: env.http, clock: env.clock)
        health = FeedHealthTracker(feed: CryptoFeed.name, store: env.store, degradedAfter: env.config.crypto.degradedAfter)
    }

    package var config: Config { env.config }
    package var store: Store? { env.store }
    package var engine: StoredEngine { env.engine }

    package func pollOnce() async -> FeedOutcome {
        guard config.crypto.enabled else { return .notPolled }
        return await poll() == nil ? .succeeded : .failed
    }

    package func pollForever() async {
        guard config.crypto.enabled else { return }
        let loop = FeedLoop(pacing: (CryptoFeed.name, config.crypto), interval: config.crypto.interval)
        await loop.run(
            env,
            paced: { wait in
                env.logger.debug("crypto feed: settings unchanged, next poll in \(wait) as scheduled before the reload")
            },
            poll: {
                let error = await poll()
                return PollReport(failures: await health.consecutiveFailures, retryAfter: error.retryAfter)
            })
    }

    /// One poll; the error when it failed.
    package func poll() async -> FeedError? {
        let now = env.now()
        return await decide(await poller.poll(logger: env.logger), now: now)
    }

    /// What one poll's answer decides, whether fetched or replayed (`notifier test`).
    package func decide(_ answer: Result<[Ticker], FeedError>, now: Date) async -> FeedError? {
        switch answer {
        case .failure(let error):
            // No data is no data: nothing is evaluated, so nothing fires or resolves.
            env.logger.warning("\(error)")
            await env.note("crypto: no data, so no alert (\(error))")
            let notes = await engine.unknownNotes(rules: Self.rules, failed: true, failuresBefore: await health.consecutiveFailures, now: now)
            let alert = await health.record(error, now: now)
            if alert != nil || !notes.isEmpty { await env.delivery.submit(alert.map { [$0] } ?? [], notes: notes, now: now) }
            return error
        case .success(let tickers):
            let previous = await poller.previousPrices(store: store, logger: env.logger)
            saveSnapshot(tickers, now: now)
            var alerts: [Alert] = []
            var changed: [SubjectKey: SubjectRecord] = [:]
            var notes: [DecisionNote] = []
            var readings: [[SubjectReading]] = []
            if config.cryptoChange.enabled {
                let change = config.cryptoChange.rule.readings(tickers, known: await engine.knownKeys, previous: previous, locale: env.locale)
                await env.note(changeNote(change, coins: tickers.count))
                readings.append(change)
            }
            if config.cryptoCross.enabled {
                let cross = config.cryptoCross.rule.readings(tickers, locale: env.locale)
                if !config.cryptoCross.levels.isEmpty {
                    await env.note("crypto_cross: " + cross.map { "\($0.key.subject) now \($0.shownValue)" }.joined(separator: ", "))
                }
                readings.append(cross)
            }
            if config.cryptoMove.enabled {
                let rule = config.cryptoMove.rule
                let extremes = await poller.moveExtremes(tickers, now: now, since: rule.since(now), store: store, logger: env.logger)
                readings.append(rule.readings(tickers, extremes: extremes, now: now, locale: env.locale))
            }
            (alerts, changed, notes) = await engine.decide(groups: readings, now: now, interval: config.crypto.interval)
            do {
                try store?.appendPrices(tickers, at: now)
            } catch {
                env.logger.error("\(error)")
            }
            if let alert = await health.record(nil, now: now) { alerts.append(alert) }
            env.logger.debug("crypto feed: \(tickers.count) tickers, \(alerts.count) alerts")
            await env.delivery.submit(alerts, records: changed, notes: notes, now: now)
            return nil
        }
    }

    package static let rules = Set(CryptoFeedKind().rules.map { $0.id })

    /// For a dry run: the change rule's window and levels, and the coins beyond them.
    private func changeNote(_ change: [SubjectReading], coins: Int) -> String {
        let beyond = change.filter { $0.signal == .beyondFire }.map { "\($0.key.subject) \($0.shownValue)" }
        return
            "crypto_change: \(coins) coins, \(config.cryptoChange.window.rawValue) change against ±\(config.cryptoChange.threshold.shortText) % (re-arm ±\(config.cryptoChange.rearm.shortText) %); beyond: \(beyond.isEmpty ? "none" : beyond.joined(separator: ", "))"
    }

    private func saveSnapshot(_ tickers: [Ticker], now: Date) {
        guard let data = try? JSONEncoder().encode(tickers) else { return }
        do {
            try store?.save(FeedSnapshot(feed: CryptoFeed.name, source: "coinlore", fetchedAt: now, payload: String(decoding: data, as: UTF8.self)))
        } catch {
            env.logger.error("\(error)")
        }
    }
}
