import ArgumentParser
import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// REST Countries (or the embedded copy), and the random country shown once at launch, which
/// comes from the freshest of that data.
package struct CountriesFeedKind: FeedKind {
    package init() {}

    package var environmentKeys: [EnvironmentKey] { [("NOTIFIER_RESTCOUNTRIES_KEY", \.countries.apiKey)] }
    package var name: String { CountriesFeed.name }
    package var views: [FeedView] { [.country] }
    package var lists: [any ParsableCommand.Type] { [ListCountries.self] }
    package var rules: [any Rule.Type] { [LaunchCountryRule.self] }
    package var bubbleKinds: [(prefix: String, kind: BubbleKind)] { [(LaunchCountryRule.id, BubbleKind(rawValue: "country"))] }
    package var configSections: [ConfigSectionEntry] {
        [ConfigSectionEntry(\.countries, in: .feed), ConfigSectionEntry(\.launchCountry, in: .firstRules)]
    }

    package func pollOnce(_ env: FeedEnvironment) async -> FeedOutcome {
        // The launch delay runs alongside the refresh; the country waits for both.
        async let refreshed = refresh(env)
        if env.launch { await waitForLaunchDelay(env) }
        let outcome = await refreshed
        if env.launch { await deliverLaunchCountry(env) }
        switch outcome {
        case .notNeeded: return .notPolled
        case .fetched: return .succeeded
        case .failed: return .failed
        }
    }

    package func pollForever(_ env: FeedEnvironment) async {
        await withDiscardingTaskGroup { group in
            if env.launch {
                group.addTask {
                    await waitForLaunchDelay(env)
                    guard !Task.isCancelled else { return }
                    await deliverLaunchCountry(env)
                }
            }
            group.addTask { await refreshForever(env) }
        }
    }

    private func refreshForever(_ env: FeedEnvironment) async {
        let config = env.config
        guard config.countries.enabled, config.countries.source != .embedded else { return }
        var failures = 0
        await FeedLoop(interval: min(config.countries.interval, .seconds(3600))).run(env) {
            var failure: FeedError?
            if case .failed(let error) = await refresh(env) { failure = error }
            failures = failure == nil ? 0 : failures + 1
            return PollReport(failures: failures, retryAfter: failure.retryAfter)
        }
    }

    private func refresh(_ env: FeedEnvironment) async -> CountriesRefresher.Outcome {
        let outcome = await CountriesRefresher(config: env.config, http: env.http).refreshIfDue(store: env.store, now: env.now())
        switch outcome {
        case .notNeeded: break
        case .fetched(let count): env.logger.info("countries feed: fetched \(count) countries")
        case .failed(let error): env.logger.warning("\(error)")
        }
        return outcome
    }

    /// A dry run says what would come, without the wait.
    private func waitForLaunchDelay(_ env: FeedEnvironment) async {
        guard env.config.launchCountry.enabled, !env.isDryRun else { return }
        try? await env.clock.sleep(for: .seconds(env.config.launchCountry.delaySeconds))
    }

    /// Its mute, like any rule's the engine does not decide, is the dispatcher's to apply.
    private func deliverLaunchCountry(_ env: FeedEnvironment) async {
        guard let alert = Self.launchCountryAlert(config: env.config, paths: env.paths, seed: env.seed, store: env.store) else { return }
        await env.delivery.submit([alert], now: env.now())
    }

    package static func launchCountryAlert(config: Config, paths: XDGPaths, seed: UInt64?, store: Store? = nil) -> Alert? {
        guard config.launchCountry.enabled else { return nil }
        let data = CountryData.current(config: config, paths: paths, store: store)
        let rule = LaunchCountryRule()
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
}
