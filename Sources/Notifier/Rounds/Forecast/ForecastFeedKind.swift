import Foundation
import NotifierEngine
import NotifierForecast

/// Open-Meteo (or OpenWeatherMap) forecasts of the configured places, for the forecast rules.
struct ForecastFeedKind: FeedKind {
    var name: String { ForecastFeed.name }
    var views: [FeedView] { [.forecast] }
    var rules: [any Rule.Type] { forecastRuleTypes }
    var bubbleKinds: [(prefix: String, kind: BubbleKind)] { [("forecast_", BubbleKind(rawValue: "forecast"))] }
    var configSections: [ConfigSectionEntry] {
        [
            ConfigSectionEntry(\.forecast, in: .feed), ConfigSectionEntry(\.forecastTemperature, in: .rules),
            ConfigSectionEntry(\.forecastPrecipitation, in: .rules), ConfigSectionEntry(\.forecastSevere, in: .rules),
            ConfigSectionEntry(\.forecastWind, in: .rules),
        ]
    }
    func pollInterval(_ config: Config) -> Duration? { config.forecast.enabled ? config.forecast.interval : nil }

    func pollOnce(_ environment: FeedEnvironment) async -> FeedOutcome {
        await ForecastRound(environment).pollOnce()
    }

    func pollForever(_ environment: FeedEnvironment) async {
        await ForecastRound(environment).pollForever()
    }
}
