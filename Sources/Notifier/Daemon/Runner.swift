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
        let store = openStore()
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
        if let wait, let local = (sink as? HandOffSink)?.local {
            await ClickWait(runner: self, store: store).serve(local.notifications, for: wait)
        }
        return !polled.isEmpty && polled.allSatisfy { $0 == .failed } ? Exit.failure : 0
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
            logger.error("\(error)")
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
