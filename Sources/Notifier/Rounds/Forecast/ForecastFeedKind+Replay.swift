import Feeds
import Foundation
import Rules

/// `notifier test`'s replay of a recorded forecast answer, Open-Meteo's (`open-meteo`) or
/// OpenWeatherMap's (`openweathermap`), as the forecast of the first place of
/// `feeds.forecast.places`: compared with the one before, decided as `ForecastRound` does.
extension ForecastFeedKind: RecordedFeed {
    var recordingSuffixes: [String] { ["open-meteo", "openweathermap"] }

    func replay(_ data: Data, suffix: String, now: Date, config: Config, state: inout ReplayState) -> [DecisionNote] {
        guard config.forecast.enabled, let place = config.forecast.places.first else { return [] }
        let forecast = suffix == "openweathermap"
            ? try? OpenWeatherMapDecoder.decodeForecast(data, place: place.name)
            : try? OpenMeteoDecoder.decodeForecast(data, place: place.name)
        guard let forecast else {
            // No data is no data: nothing evaluated; the first failure after data noted once.
            guard state.failing.insert(name).inserted else { return [] }
            return state.engine.feedUnknownNotes(rules: Set(config.forecastRules.map { type(of: $0).id }), now: now)
        }
        state.failing.remove(name)
        // The place's days are its own: today where the forecast is, else where the scenario is.
        let today = HolidayDate(now, in: forecast.timeZone.flatMap(TimeZone.init(identifier:)) ?? state.timeZone)
        var readings: [SubjectReading] = []
        for rule in config.forecastRules {
            let id = type(of: rule).id
            let anchors = state.engine.records.filter { $0.key.rule == id }.compactMapValues(\.anchor)
            let context = ForecastContext(today: today, anchors: anchors, locale: ReplayState.locale)
            readings += rule.readings(forecast, previous: state.lastForecasts[place.name], context: context)
        }
        let decision = state.engine.evaluate(readings, now: now)
        _ = state.engine.forget { ForecastSubjects.isPassed($0, place: place.name, before: today) }
        state.lastForecasts[place.name] = forecast
        return state.deliver(decision, now: now)
    }
}
