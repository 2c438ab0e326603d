import Feeds
import Foundation
import Logging
import Rules
import ServiceLifecycle

/// The thin async shell: fetches, asks the rules what to do, delivers, records.
struct Runner: Sendable {
    let context: AppContext
    let output: OutputKind
    let seed: UInt64?
    var clock: any Clock<Duration> = ContinuousClock()
    var now: @Sendable () -> Date = { Date() }

    init(context: AppContext, output: OutputKind, seed: UInt64?) {
        self.context = context
        self.output = output
        self.seed = seed
    }

    var logger: Logger { context.logger }

    /// One pass: every enabled feed once, concurrently with the launch delay; then deliver.
    /// Returns the exit code: 1 when every feed that was polled failed.
    func runOnce() async -> Int32 {
        let store = openStore()
        async let sinkReady = SinkFactory.make(output, environment: context.environment, logger: logger)
        async let refresh = refreshCountries(store: store)
        await waitForLaunchDelay()
        let outcome = await refresh
        let sink = await sinkReady
        await deliverLaunchCountry(sink: sink, store: store)
        if case .failed = outcome { return Exit.failure }
        return 0
    }

    func runDaemon() async throws {
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
        let outcome = await CountriesRefresher(config: context.config, http: HTTPClient()).refreshIfDue(store: store, now: now())
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
        return rule.alert(for: country, locale: .current)
    }

    func deliverLaunchCountry(sink: any AlertSink, store: Store?) async {
        guard let alert = launchCountryAlert() else { return }
        await deliver(alert, sink: sink, store: store)
    }

    func deliver(_ alert: Alert, sink: any AlertSink, store: Store?) async {
        let time = now()
        do {
            try await sink.deliver(alert, at: time)
        } catch {
            logger.error("\(alert.rule) \(alert.key): \(error)")
            return
        }
        logger.debug("delivered \(alert.rule) \(alert.key) via \(sink.name)")
        let delivery = Delivery(deliveredAt: time, rule: alert.rule, key: alert.key, title: alert.title, body: alert.body,
                                urgency: alert.urgency.rawValue, deepLink: alert.deepLink.command, sink: sink.name,
                                reason: alert.reason ?? "")
        do {
            try store?.record(delivery)
        } catch {
            logger.error("\(error)")
        }
    }
}

/// The daemon as a swift-service-lifecycle service: it runs until SIGINT or SIGTERM.
struct DaemonService: Service {
    let runner: Runner

    func run() async throws {
        let store = runner.openStore()
        let sink = await SinkFactory.make(runner.output, environment: runner.context.environment, logger: runner.logger)
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    await runner.waitForLaunchDelay()
                    guard !Task.isCancelled else { return }
                    await runner.deliverLaunchCountry(sink: sink, store: store)
                }
                group.addTask { await pollCountries(store: store) }
                // A daemon stays up with nothing to do until told to stop.
                group.addTask { try? await gracefulShutdown() }
                if let desktop = sink as? DesktopSink {
                    group.addTask { await handleClicks(desktop.notifications) }
                }
            }
        }
    }

    private func pollCountries(store: Store?) async {
        let config = runner.context.config
        guard config.countries.enabled, config.countriesSource != .embedded else { return }
        while !Task.isCancelled {
            _ = await runner.refreshCountries(store: store)
            try? await runner.clock.sleep(for: min(config.countries.interval, .seconds(3600)))
        }
    }

    private func handleClicks(_ notifications: DesktopNotifications) async {
        let opener = DeepLinkOpener(environment: runner.context.environment, logger: runner.logger)
        for await event in notifications.events {
            if case .activated(let link, let action) = event, action == "default" {
                opener.open(link)
            }
        }
    }
}
