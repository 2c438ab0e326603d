import Foundation
import NotifierCore
import NotifierEngine

/// `notifier test`'s replay of a recorded forecast answer, Open-Meteo's (`open-meteo`) or
/// OpenWeatherMap's (`openweathermap`), as the forecast of the first place of
/// `feeds.forecast.places`, handed to `ForecastRound` as that place's answer.
extension ForecastFeedKind: RecordedFeed {
    package var recordingSuffixes: [String] { ["open-meteo", "openweathermap"] }

    package func replay(_ data: Data, suffix: String, environment: FeedEnvironment) async {
        let config = environment.config
        guard config.forecast.enabled, let place = config.forecast.places.first else { return }
        let forecast =
            suffix == "openweathermap"
            ? try? OpenWeatherMapDecoder.decodeForecast(data, place: place.name)
            : try? OpenMeteoDecoder.decodeForecast(data, place: place.name)
        let round = ForecastRound(environment)
        let now = environment.now()
        var outcome = ForecastRound.Outcome()
        if let forecast {
            await round.evaluate(forecast, place: place, now: now)
            outcome.fetched = 1
        } else {
            outcome.errors = [.unreadableRecording(feed: name, suffix: suffix)]
        }
        await round.record(outcome, now: now)
    }
}
