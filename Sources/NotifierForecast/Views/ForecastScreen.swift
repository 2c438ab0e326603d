import Foundation
import Logging
import NotifierCore
import NotifierEngine

/// Starts the interactive forecast: the stored one first; another place goes through the
/// daemon's own fetch (geocoding cached in the store) and is stored the same way.
package enum ForecastScreen {
    package static func run(place: String, context: AppContext) -> Bool {
        let reader = Store.openForReading(path: context.paths.storePath)
        let stored = (try? reader?.forecasts(place: place, limit: 2)) ?? []
        let config = context.config
        let paths = context.paths
        let time = context.time
        let migrations = context.program.storeMigrations
        let model = ForecastModel(place: place, latest: stored.first, previous: stored.dropFirst().first, locale: .current) { name in
            await load(name, config: config, paths: paths, now: time.now(), migrations: migrations)
        }
        return ScreenRunner.run(model, context: context)
    }

    package static func load(_ name: String, config: Config, paths: XDGPaths, now: Date, migrations: [StoreMigration]) async -> ForecastModel.Loaded {
        // The screen is ncurses': the fetch's log lines must not land on it.
        let quiet = Logger(label: "notifier.view") { _ in SwiftLogNoOpLogHandler() }
        let place = config.forecast.places.first { $0.slug.lowercased() == ForecastPlace.slug(name).lowercased() } ?? ForecastPlace(name: name)
        let store = try? Store.openReplacingDamaged(path: paths.storePath, now: now, migrations: migrations).store
        let feed = ForecastFeed(http: HTTPClient(), source: config.forecast.feedSource)
        do {
            let forecast = try await ForecastRound.fetch(place, feed: feed, store: store, now: now, logger: quiet, keepGeocode: true)
            try? store?.saveForecast(forecast, at: now)
            let stored = (try? store?.forecasts(place: forecast.place, limit: 2)) ?? []
            return .forecast(latest: stored.first ?? StoredForecast(fetchedAt: now, forecast: forecast), previous: stored.dropFirst().first)
        } catch {
            return .failed(place: name, cause: error.cause)
        }
    }
}
