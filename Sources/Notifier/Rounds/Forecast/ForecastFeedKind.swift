import Feeds
import Foundation
import Rules

/// Open-Meteo (or OpenWeatherMap) forecasts of the configured places, for the forecast rules.
struct ForecastFeedKind: FeedKind {
    var name: String { ForecastFeed.name }
    var views: [FeedView] { [.forecast] }

    func pollOnce(_ environment: FeedEnvironment) async -> FeedOutcome {
        await ForecastRound(environment).pollOnce()
    }

    func pollForever(_ environment: FeedEnvironment) async {
        await ForecastRound(environment).pollForever()
    }

    func dryRun(_ env: DryRunEnvironment, into report: inout DryRunReport) async {
        let config = env.config
        guard config.forecast.enabled else { return }
        let feed = ForecastFeed(http: env.http, source: config.forecastFeedSource)
        let store = env.store
        var engine = store.flatMap { try? $0.loadEngine() } ?? RuleEngine()
        for place in config.forecastPlaces {
            do {
                let now = env.now()
                let forecast = try await ForecastRound.fetch(place, feed: feed, store: store, now: now, logger: env.logger, keepGeocode: false)
                let previous = (try? store?.forecasts(place: place.name, limit: 1))?.first?.forecast
                let records = engine.records
                let readings = await ForecastRound.readings(forecast, previous: previous, rules: config.forecastRules,
                                                            today: ForecastRound.today(of: forecast, now: now)) { rule in
                    records.filter { $0.key.rule == rule }.compactMapValues(\.anchor)
                }
                let decision = engine.evaluate(readings, now: now)
                report.note("forecast: \(place.name), \(forecast.days.count) days from \(forecast.source)" + (previous == nil ? ", nothing stored to compare with" : ""))
                report.record(decision)
            } catch {
                report.note("forecast: no data for \(place.name), so no alert (\(error))")
            }
        }
    }
}
