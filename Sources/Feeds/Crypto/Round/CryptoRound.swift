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
            var poll = CryptoPoll(tickers: tickers, now: now, locale: env.locale)
            if config.cryptoChange.enabled {
                poll.change = config.cryptoChange.rule
                poll.previous = previous
                poll.notesBeyondFire = env.isDryRun
            }
            if config.cryptoCross.enabled { poll.cross = config.cryptoCross.rule.readings(tickers, locale: env.locale) }
            if config.cryptoMove.enabled {
                let rule = config.cryptoMove.rule
                poll.move = (rule, await poller.moveExtremes(tickers, now: now, since: rule.since(now), store: store, logger: env.logger))
            }
            let stepped = poll
            let decided = await engine.decide(
                rules: poll.rules, now: now, interval: config.crypto.interval, expecting: poll.expectedReadings
            ) { step in stepped.step(into: &step) }
            var alerts = decided.alerts
            if config.cryptoChange.enabled { await env.note(changeNote(decided.result, coins: tickers.count)) }
            if config.cryptoCross.enabled, !config.cryptoCross.levels.isEmpty {
                await env.note("crypto_cross: " + poll.cross.map { "\($0.key.subject) now \($0.shownValue)" }.joined(separator: ", "))
            }
            do {
                try store?.appendPrices(tickers, at: now)
            } catch {
                env.logger.error("\(error)")
            }
            if let alert = await health.record(nil, now: now) { alerts.append(alert) }
            env.logger.debug("crypto feed: \(tickers.count) tickers, \(alerts.count) alerts")
            await env.delivery.submit(alerts, records: decided.changed, notes: decided.notes, now: now)
            return nil
        }
    }

    package static let rules = Set(CryptoFeedKind().rules.map { $0.id })

    /// For a dry run: the change rule's window and levels, and the coins beyond them.
    private func changeNote(_ beyond: [String], coins: Int) -> String {
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
