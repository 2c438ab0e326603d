import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Starts the interactive forecast: the stored one first; another place is fetched with the
/// feed's own fetch and shown beside what is stored, never stored itself: the forecast rules
/// compare each poll with the last stored forecast, and one stored by a view would hide the
/// changes before it from them.
package enum ForecastScreen {
    package static func run(place: String, context: AppContext) -> Bool {
        let reader = Store.openForReading(path: context.paths.storePath)
        let stored = (try? reader?.forecasts(place: place, limit: 2)) ?? []
        let config = context.config
        let paths = context.paths
        let time = context.time
        let model = ForecastModel(place: place, latest: stored.first, previous: stored.dropFirst().first, locale: .current) { name in
            await load(name, config: config, paths: paths, now: time.now())
        }
        return ScreenRunner.run(model, context: context)
    }

    package static func load(_ name: String, config: Config, paths: XDGPaths, now: Date) async -> ForecastModel.Loaded {
        // The screen is ncurses': the fetch's log lines must not land on it.
        let quiet = Logger(label: "notifier.view") { _ in SwiftLogNoOpLogHandler() }
        let place = config.forecast.places.first { $0.slug.lowercased() == ForecastPlace.slug(name).lowercased() } ?? ForecastPlace(name: name)
        // Read-only: the daemon's cached geocodes and forecasts serve; nothing is written.
        let store = Store.openForReading(path: paths.storePath)
        let feed = ForecastFeed(http: HTTPClient(), source: config.forecast.feedSource)
        do {
            let forecast = try await ForecastRound.fetch(place, feed: feed, store: store, now: now, logger: quiet, keepGeocode: false)
            let stored = (try? store?.forecasts(place: forecast.place, limit: 1)) ?? []
            return .forecast(latest: StoredForecast(fetchedAt: now, forecast: forecast), previous: stored.first)
        } catch {
            return .failed(place: name, cause: error.cause)
        }
    }
}
