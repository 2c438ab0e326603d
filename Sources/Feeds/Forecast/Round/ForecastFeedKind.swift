import Foundation
import NotifierCore
import NotifierEngine

/// Open-Meteo (or OpenWeatherMap) forecasts of the configured places, for the forecast rules.
package struct ForecastFeedKind: FeedKind {
    package init() {}

    package var storeMigrations: [StoreMigration] { StoreMigration.forecast }
    package var environmentKeys: [EnvironmentKey] { [("NOTIFIER_OWM_KEY", \.forecast.apiKey)] }
    package var name: String { ForecastFeed.name }
    package var views: [FeedView] { [.forecast] }
    /// Element by element, each upcast where the compiler knows the conformance: cast as a whole
    /// array, the runtime looks each type's conformance up, 7 % of a view's start.
    package var rules: [any Rule.Type] { forecastRuleTypes.map { $0 } }
    package var bubbleKinds: [(prefix: String, kind: BubbleKind)] { [("forecast_", BubbleKind(rawValue: "forecast"))] }
    package var configSections: [ConfigSectionEntry] {
        [
            ConfigSectionEntry(\.forecast, in: .feed), ConfigSectionEntry(\.forecastTemperature, in: .rules),
            ConfigSectionEntry(\.forecastPrecipitation, in: .rules), ConfigSectionEntry(\.forecastSevere, in: .rules),
            ConfigSectionEntry(\.forecastWind, in: .rules),
        ]
    }
    package func pollInterval(_ config: Config) -> Duration? { config.forecast.enabled ? config.forecast.interval : nil }

    package func pollOnce(_ environment: FeedEnvironment) async -> FeedOutcome {
        await ForecastRound(environment).pollOnce()
    }

    package func pollForever(_ environment: FeedEnvironment) async {
        await ForecastRound(environment).pollForever()
    }
}
