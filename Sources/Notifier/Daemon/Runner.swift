import ArgumentParser
import Feeds
import Foundation
import Logging
import Rules
import ServiceLifecycle
import UnixSignals

/// The thin async shell: fetches, asks the rules what to do, delivers, records.
struct Runner: Sendable {
    private(set) var context: AppContext
    let output: OutputKind
    let seed: UInt64?
    var clock: any Clock<Duration> = ContinuousClock()
    var now: @Sendable () -> Date = { Date() }
    /// One client for every feed, so each host's connection is reused across polls.
    var http = HTTPClient()

    init(context: AppContext, output: OutputKind, seed: UInt64?) {
        self.context = context
        self.output = output
        self.seed = seed
    }

    var logger: Logger { context.logger }

    /// The same runner with another context (a reloaded config).
    func with(_ context: AppContext) -> Runner {
        var copy = self
        copy.context = context
        return copy
    }

    /// How one poll of one feed went, for `--once`'s exit code.
    enum PollOutcome: Equatable {
        case notPolled, succeeded, failed
    }

    /// One pass: every enabled feed once, concurrently with each other and with the launch
    /// delay; then deliver. Returns the exit code: 1 when every feed that was polled failed.
    func runOnce(wait: Duration? = nil) async -> Int32 {
        guard let (passLock, checkedStore) = await PassGuard.begin(context: context, clock: clock) else { return Exit.failure }
        checkedStore.writeGate.closeAfterFirstFailure()
        let store: Store? = checkedStore
        let sink = await SinkFactory.make(output, environment: context.environment, logger: logger, handOff: true, images: context.config.images)
        let dispatcher = Dispatcher(sink: sink, store: store, config: context.config, logger: logger)
        let crypto = CryptoRound(runner: self, store: store, dispatcher: dispatcher)
        let holidays = HolidayRound(runner: self, store: store, dispatcher: dispatcher, desk: crypto.desk)
        let forecasts = ForecastRound(runner: self, store: store, dispatcher: dispatcher, desk: crypto.desk)
        async let countries = refreshCountries(store: store)
        async let coins = crypto.pollOnce()
        async let reminders = holidays.checkOnce()
        async let weather = forecasts.pollOnce()
        await waitForLaunchDelay()
        // The launch country comes from the freshest country data, so it waits for that feed.
        let countriesResult = await countries
        await deliverLaunchCountry(dispatcher: dispatcher)
        let countriesOutcome: PollOutcome
        switch countriesResult {
        case .notNeeded: countriesOutcome = .notPolled
        case .fetched: countriesOutcome = .succeeded
        case .failed: countriesOutcome = .failed
        }
        let cryptoOutcome = await coins
        let holidaysOutcome = await reminders
        let forecastOutcome = await weather
        await dispatcher.flushGathering(now: now())
        let polled = [countriesOutcome, cryptoOutcome, holidaysOutcome, forecastOutcome].filter { $0 != .notPolled }
        let recorded = PassGuard.end(store: checkedStore, logger: logger)
        passLock.release()  // the decisions are recorded: the next pass may start
        if let wait, let local = (sink as? HandOffSink)?.local {
            await ClickWait(runner: self, store: store).serve(local.notifications, for: wait)
        }
        // Requests to a slow notification server reach the bus before the process ends.
        if sink is HandOffSink { await BoundedShow.settle(within: .seconds(1)) }
        return !recorded || (!polled.isEmpty && polled.allSatisfy { $0 == .failed }) ? Exit.failure : 0
    }

    /// What `--once` would deliver, and why: feeds are fetched and rules evaluated on a copy of
    /// the stored state; nothing is delivered and nothing is written.
    func dryRun() async {
        var lines: [String] = []
        func would(_ alert: Alert) {
            lines.append("would deliver \(alert.rule) \(alert.key): \(TextSanitizer.singleLine(alert.title))")
            lines.append("  because \(TextSanitizer.singleLine(alert.reason ?? "its rule fired"))")
            lines.append("  → \(alert.deepLink.command)")
        }
        if let alert = launchCountryAlert() { would(alert) }
        let config = context.config
        if config.crypto.enabled {
            let poller = CryptoPoller(config: config, http: http, clock: clock)
            switch await poller.poll(logger: logger) {
            case .failure(let error):
                lines.append("crypto: no data, so no alert (\(error))")
            case .success(let tickers):
                let store = Store.openForReading(path: context.paths.storePath)
                var engine = store.flatMap { try? $0.loadEngine() } ?? RuleEngine()
                var readings: [SubjectReading] = []
                if config.cryptoChangeEnabled {
                    let rule = config.cryptoChangeRule
                    let change = rule.readings(tickers, known: Array(engine.records.keys), previous: [:], locale: .current)
                    let beyond = change.filter { $0.signal == .beyondFire }.map { "\($0.key.subject) \($0.shownValue)" }
                    lines.append("crypto_change: \(tickers.count) coins, \(rule.window.rawValue) change against ±\(config.cryptoChangeThreshold.shortText) % (re-arm ±\(config.cryptoChangeRearm.shortText) %); beyond: \(beyond.isEmpty ? "none" : beyond.joined(separator: ", "))")
                    readings += change
                }
                if config.cryptoCrossEnabled, !config.cryptoCrossLevels.isEmpty {
                    let cross = config.priceCrossingRule.readings(tickers, locale: .current)
                    lines.append("crypto_cross: " + cross.map { "\($0.key.subject) now \($0.shownValue)" }.joined(separator: ", "))
                    readings += cross
                }
                if config.cryptoMoveEnabled {
                    let since = now().addingTimeInterval(-Double(config.cryptoMoveWindow.components.seconds))
                    let history = store.flatMap { try? $0.priceHistory(since: since) } ?? [:]
                    readings += config.cryptoMoveRule.readings(tickers, history: history, now: now(), locale: .current)
                }
                let decision = engine.evaluate(readings, now: now())
                decision.alerts.forEach(would)
                for key in decision.muted { lines.append("muted: \(key)") }
            }
        }
        if config.holidays.enabled, config.holidayRuleEnabled {
            let rule = config.upcomingHolidayRule
            let today = HolidayDate(now(), in: UpcomingHolidayRule.tallinn)
            // Remote holidays only from the cache here: a dry run writes nothing, the cache included.
            let source = config.holidaysSource == .remote ? nil : EstonianCalendar.holidays(from: today, through: today.adding(days: rule.leads.max() ?? 0))
            if let holidays = source {
                let engine = Store.openForReading(path: context.paths.storePath).flatMap { try? $0.loadEngine() } ?? RuleEngine()
                for reminder in rule.due(holidays: holidays, now: now(), userCalendar: .current)
                where engine.records[SubjectKey(rule: UpcomingHolidayRule.id, subject: reminder.key)] == nil {
                    would(rule.alert(for: reminder, locale: .current))
                }
            } else {
                lines.append("holiday_upcoming: remote source, not fetched in a dry run")
            }
        }
        if config.forecast.enabled {
            let feed = ForecastFeed(http: http, source: config.forecastFeedSource)
            let store = Store.openForReading(path: context.paths.storePath)
            var engine = store.flatMap { try? $0.loadEngine() } ?? RuleEngine()
            for place in config.forecastPlaces {
                do {
                    let forecast = try await ForecastRound.fetch(place, feed: feed, store: store, now: now(), logger: logger, keepGeocode: false)
                    let previous = (try? store?.forecasts(place: place.name, limit: 1))?.first?.forecast
                    let records = engine.records
                    let readings = await ForecastRound.readings(forecast, previous: previous, rules: config.forecastRules,
                                                                today: ForecastRound.today(of: forecast, now: now())) { rule in
                        records.filter { $0.key.rule == rule }.compactMapValues(\.anchor)
                    }
                    let decision = engine.evaluate(readings, now: now())
                    lines.append("forecast: \(place.name), \(forecast.days.count) days from \(forecast.source)" + (previous == nil ? ", nothing stored to compare with" : ""))
                    decision.alerts.forEach(would)
                    for key in decision.muted { lines.append("muted: \(key)") }
                } catch {
                    lines.append("forecast: no data for \(place.name), so no alert (\(error))")
                }
            }
        }
        if !lines.contains(where: { $0.hasPrefix("would deliver") }) { lines.append("nothing would be delivered") }
        try? StandardOutput.write(lines.joined(separator: "\n") + "\n")
    }

    func runDaemon() async throws {
        let lock: DaemonLock
        do {
            lock = try DaemonLock(stateDirectory: context.paths.stateHome + "/notifier")
        } catch {
            if case .cannotOpen = error { logger.error("\(error); \(PassGuard.withoutStore)") } else { logger.error("\(error)") }
            throw ExitCode(Exit.failure)
        }
        defer { lock.release() }  // also keeps the lock alive until the daemon stops
        let service = DaemonService(runner: self)
        let group = ServiceGroup(configuration: .init(
            services: [.init(service: service, successTerminationBehavior: .gracefullyShutdownGroup)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger))
        logger.info("daemon started; config: \(context.configFile ?? "built-in defaults")")
        try await group.run()
        logger.info("daemon stopped")
    }

    func openStore() -> Store? {
        do {
            return try context.openStore()
        } catch {
            logger.error("\(error); notifications will not be recorded")
            return nil
        }
    }

    func waitForLaunchDelay() async {
        guard context.config.launchCountryEnabled else { return }
        try? await clock.sleep(for: .seconds(context.config.launchCountryDelaySeconds))
    }

    func refreshCountries(store: Store?) async -> CountriesRefresher.Outcome {
        let outcome = await CountriesRefresher(config: context.config, http: http).refreshIfDue(store: store, now: now())
        switch outcome {
        case .notNeeded: break
        case .fetched(let count): logger.info("countries feed: fetched \(count) countries")
        case .failed(let error): logger.warning("\(error)")
        }
        return outcome
    }

    func launchCountryAlert() -> Alert? {
        guard context.config.launchCountryEnabled else { return nil }
        let data = CountryData.current(config: context.config, paths: context.paths)
        let rule = LaunchCountryRule(delay: .seconds(context.config.launchCountryDelaySeconds))
        let index: Int?
        if let seed {
            var generator = SeededGenerator(seed: seed)
            index = rule.pick(among: data.catalog.count, using: &generator)
        } else {
            var generator = SystemRandomNumberGenerator()
            index = rule.pick(among: data.catalog.count, using: &generator)
        }
        guard let index, let country = data.catalog.country(at: index) else { return nil }
        var alert = rule.alert(for: country, locale: .current)
        alert?.reason = "a random country at launch (\(seed.map { "seed \($0)" } ?? "unseeded"), \(data.catalog.count) countries from \(data.origin))"
        return alert
    }

    func deliverLaunchCountry(dispatcher: Dispatcher) async {
        guard let alert = launchCountryAlert() else { return }
        await dispatcher.submit([alert], now: now())
    }
}

/// The daemon as a swift-service-lifecycle service: it runs until SIGINT or SIGTERM.
struct DaemonService: Service {
    let runner: Runner

    func run() async throws {
        let store: Store
        do {
            store = try runner.context.openStore()
            try store.checkWritable()
        } catch {
            runner.logger.error("\(error); \(PassGuard.withoutStore)")
            throw ExitCode(Exit.failure)
        }
        let sink = await SinkFactory.make(runner.output, environment: runner.context.environment, logger: runner.logger, images: runner.context.config.images)
        // Trapped for the daemon's whole life: between two reloads a SIGHUP must not kill it.
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        let (reloads, reloaded) = AsyncStream.makeStream(of: Runner.self)
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    var current = runner
                    for await _ in hangups {
                        switch current.context.reloaded() {
                        case .success(let context):
                            current = current.with(context)
                            reloaded.yield(current)
                        case .failure(let error):
                            runner.logger.error("config not reloaded, keeping the previous one: \(error)")
                        }
                    }
                    reloaded.finish()
                }
                group.addTask {
                    // Each config runs its own generation of feed loops; a reload ends the old
                    // one and starts the next. The launch country is shown once, not per reload.
                    var current = runner
                    var launch = true
                    var next = reloads.makeAsyncIterator()
                    while !Task.isCancelled {
                        let generation = Task { [current, launch] in
                            await runGeneration(current, store: store, sink: sink, launch: launch)
                        }
                        launch = false
                        let replacement = await withTaskCancellationHandler {
                            await next.next()
                        } onCancel: {
                            generation.cancel()
                        }
                        generation.cancel()
                        await generation.value
                        guard let replacement else { break }
                        current = replacement
                        runner.logger.info("config reloaded from \(current.context.configFile ?? "built-in defaults")")
                    }
                }
                if let desktop = sink as? DesktopSink {
                    group.addTask { await handleClicks(desktop, store: store) }
                    // Found by `notifier --once`, which hands its bubbles over.
                    await DaemonBus.serve(deliver: desktop.showHandedOff)
                }
            }
        }
    }

    /// One config's feed loops and deliveries, until cancelled.
    func runGeneration(_ runner: Runner, store: Store?, sink: any AlertSink, launch: Bool) async {
        let dispatcher = Dispatcher(sink: sink, store: store, config: runner.context.config, logger: runner.logger)
        await withDiscardingTaskGroup { group in
            if launch {
                group.addTask {
                    await runner.waitForLaunchDelay()
                    guard !Task.isCancelled else { return }
                    await runner.deliverLaunchCountry(dispatcher: dispatcher)
                }
            }
            group.addTask { await deliverHeld(dispatcher, runner: runner) }
            group.addTask { await pollCountries(store: store, runner: runner) }
            let crypto = CryptoRound(runner: runner, store: store, dispatcher: dispatcher)
            group.addTask { await crypto.pollForever() }
            group.addTask { await HolidayRound(runner: runner, store: store, dispatcher: dispatcher, desk: crypto.desk).checkForever() }
            group.addTask { await ForecastRound(runner: runner, store: store, dispatcher: dispatcher, desk: crypto.desk).pollForever() }
        }
    }

    /// Held alerts (quiet hours, rate limit) go out when they become due, and on start for
    /// whatever an earlier run left held.
    private func deliverHeld(_ dispatcher: Dispatcher, runner: Runner) async {
        while !Task.isCancelled {
            await dispatcher.deliverDue(now: runner.now())
            let next = await dispatcher.nextDueDate(now: runner.now())
            let wait = next.map { max(1, $0.timeIntervalSince(runner.now())) } ?? 60
            try? await runner.clock.sleep(for: .seconds(min(wait, 300)))
        }
    }

    private func pollCountries(store: Store?, runner: Runner) async {
        let config = runner.context.config
        guard config.countries.enabled, config.countriesSource != .embedded else { return }
        var schedule = RetrySchedule()
        while !Task.isCancelled {
            var failure: FeedError?
            if case .failed(let error) = await runner.refreshCountries(store: store) { failure = error }
            try? await runner.clock.sleep(for: schedule.delay(after: failure, interval: min(config.countries.interval, .seconds(3600))))
        }
    }

    private func handleClicks(_ desktop: DesktopSink, store: Store?) async {
        let opener = DeepLinkOpener(environment: runner.context.environment, logger: runner.logger, terminal: runner.context.config.terminal)
        let handler = ClickHandler(opener: opener, store: store, logger: runner.logger)
        for await event in desktop.notifications.events {
            switch event {
            case .activated(let action, let target): handler.handle(action, target)
            case .serverVanished: runner.logger.warning("the notification server left the session bus; holding notifications until it is back")
            case .serverAppeared: await desktop.serverReturned()
            case .closed: break
            }
        }
    }
}

/// When a feed polls next: its interval while it works, a growing backoff after failures in a
/// row, and never sooner than a server's Retry-After.
struct RetrySchedule {
    private var failures = 0
    private let backoff = Backoff()

    mutating func delay(after error: FeedError?, interval: Duration) -> Duration {
        failures = error == nil ? 0 : failures + 1
        var random = SeededGenerator.jitter()
        return backoff.delay(afterConsecutiveFailures: failures, retryAfter: error?.retryAfterSeconds.map { .seconds($0) },
                             normalInterval: interval, random: &random)
    }
}

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
