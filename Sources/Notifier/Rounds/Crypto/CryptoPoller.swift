import Feeds
import Foundation
import Logging
import Rules

/// Polls CoinLore and turns each poll into the crypto rule's readings. The watched coins are
/// resolved once (top N plus the configured symbols); later polls ask for just their ids.
actor CryptoPoller {
    private let config: Config
    private let feed: CryptoFeed
    private var watchedIDs: [String] = []
    /// The prices of the last poll that worked, by symbol; `nil` before this process's first.
    private var lastPrices: [String: Decimal]?

    init(config: Config, http: HTTPClient, clock: any Clock<Duration>) {
        self.config = config
        feed = CryptoFeed(http: http, baseURL: config.crypto.baseURL, clock: clock)
    }

    func poll(logger: Logger) async -> Result<[Ticker], FeedError> {
        do {
            if watchedIDs.isEmpty {
                let (tickers, implausible) = try await feed.resolveReporting(symbols: config.watchedSymbols, top: config.crypto.top)
                for refusal in implausible { logger.warning("crypto feed: \(refusal)") }
                let found = Set(tickers.map { $0.symbol.uppercased() })
                for missing in config.watchedSymbols where !found.contains(missing)
                    && !implausible.contains(where: { $0.hasPrefix("'\(missing)'") }) {
                    logger.warning("crypto feed: no coin with the symbol \(missing) among the first \(CryptoFeed.maxSymbolPages * CryptoFeed.pageSize)")
                }
                watchedIDs = tickers.map(\.id)
                guard !tickers.isEmpty else { throw FeedError.decoding(RequestContext(feed: CryptoFeed.name, method: "GET", url: feed.baseURL), detail: "no tickers") }
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

    func previousPrices(store: Store?, logger: Logger) -> [String: Decimal] {
        if let previous { return previous }
        return StoreProblems.attempt("the last prices", logger: logger) { try store?.latestPrices() } ?? [:]
    }

    private func remembered(_ tickers: [Ticker]) -> [Ticker] {
        previous = lastPrices
        lastPrices = Dictionary(tickers.map { ($0.symbol.uppercased(), $0.priceUSD) }) { first, _ in first }
        return tickers
    }
}

/// The engine's rule states, in memory for the process and committed with each poll's alerts.
actor EngineDesk {
    private var engine: RuleEngine

    private let store: Store?
    /// A dry run's: the mutes and suppressions of its decisions are noted there.
    private let recorder: DryRunRecorder?

    /// `updatesBubbles`: `[delivery] update_in_place`, whether deeper moves update bubbles.
    init(store: Store?, logger: Logger, recorder: DryRunRecorder? = nil, updatesBubbles: Bool = true) {
        self.store = store
        self.recorder = recorder
        do {
            engine = try store?.loadEngine() ?? RuleEngine()
        } catch {
            logger.error("\(error); rule states start over")
            engine = RuleEngine()
        }
        engine.updatesBubbles = updatesBubbles
        // A dry run restates a lasting suppression (a cooldown) that the log notes only once.
        if recorder != nil {
            for key in engine.records.keys { engine.records[key]?.quietNote = nil }
        }
    }

    /// The rules evaluated since this desk (a process, a daemon generation) started.
    private var evaluatedRules: Set<String> = []

    /// Steps the machines; returns the alerts, the records that changed and why (the notes).
    /// `interval`: the feed's; on a rule's first poll after a start, a subject last observed
    /// more than twice that long ago changed while notifier was not running, and says so.
    func decide(_ readings: [SubjectReading], now: Date, interval: Duration? = nil)
        async -> (alerts: [Alert], changed: [SubjectKey: SubjectRecord], notes: [DecisionNote]) {
        if let silences = try? store?.loadSilences() {
            (engine.mutes, engine.snoozes) = silences
        }
        let rules = Set(readings.map(\.key.rule))
        let firstAfterStart = !rules.isSubset(of: evaluatedRules)
        evaluatedRules.formUnion(rules)
        let gap = firstAfterStart ? interval.map { 2 * Double($0.components.seconds) } : nil
        let decision = engine.evaluate(readings, now: now, stoppedLongerThan: gap)
        var changed: [SubjectKey: SubjectRecord] = [:]
        for key in decision.changed { changed[key] = engine.records[key] }
        if let recorder {
            if !decision.muted.isEmpty { await recorder.muted(decision.muted) }
            await recorder.suppressions(decision.notes)
        }
        return (decision.alerts, changed, decision.notes)
    }

    /// As `decide`, without the notes.
    func evaluate(_ readings: [SubjectReading], now: Date) async -> (alerts: [Alert], changed: [SubjectKey: SubjectRecord]) {
        let decision = await decide(readings, now: now)
        return (decision.alerts, decision.changed)
    }

    /// A feed's first failure after data: its rules' known subjects noted unknown, once.
    func unknownNotes(rules: Set<String>, now: Date) -> [DecisionNote] {
        engine.feedUnknownNotes(rules: rules, now: now)
    }

    var knownKeys: [SubjectKey] { Array(engine.records.keys) }

    /// One subject's record (a reminder's last look, `lastEvaluated`).
    func record(_ key: SubjectKey) -> SubjectRecord? { engine.records[key] }

    func forget(where isGone: (SubjectKey) -> Bool) -> [SubjectKey] {
        engine.forget(where: isGone)
    }

    /// The anchors of one rule's subjects, for rules that measure change since the last notification.
    func anchors(rule: String) -> [SubjectKey: Double] {
        var anchors: [SubjectKey: Double] = [:]
        for (key, record) in engine.records where key.rule == rule {
            if let anchor = record.anchor { anchors[key] = anchor }
        }
        return anchors
    }
}

/// One feed's health across polls: degraded after N failures in a row, recovered on the first
/// success after that, each said once.
actor FeedHealthDesk {
    private var health: FeedHealth
    private let feed: String
    private let store: Store?

    init(feed: String, store: Store?, degradedAfter: Int) {
        self.feed = feed
        self.store = store
        health = (try? store?.feedHealth(feed: feed))?.health ?? FeedHealth()
        health.degradedAfter = degradedAfter  // the config in force, not the one stored
    }

    var consecutiveFailures: Int { health.consecutiveFailures }

    func record(_ error: FeedError?, now: Date) -> Alert? {
        let event = error == nil ? health.recordSuccess(now: now) : health.recordFailure(now: now)
        try? store?.saveFeedHealth(feed: feed, health: health, lastError: error?.description, now: now)
        guard let event else { return nil }
        let degraded = event == .degraded
        let title = degraded ? "\(feed) feed is failing" : "\(feed) feed recovered"
        let body = degraded
            ? "\(health.consecutiveFailures) polls in a row failed; the last: \(error?.cause ?? "unknown")"
            : "Polls succeed again."
        return Alert(rule: "feed_health", key: feed, title: title, body: body, urgency: degraded ? .normal : .low,
                     category: "x-notifier.feed", deepLink: .history, icon: degraded ? "network-error" : "network-idle",
                     reason: degraded ? "\(health.consecutiveFailures) failed polls in a row" : "a poll succeeded after failures")
    }
}
