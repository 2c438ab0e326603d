import Foundation
import NotifierCore
import NotifierEngine

package enum ForecastSource: String, Sendable, CaseIterable {
    case openMeteo = "open-meteo"
    case openWeatherMap = "openweathermap"
}

/// The forecast feed's part of the config, kept by type in `Config`.
extension Config {
    package var forecast: ForecastSettings {
        get { self[ForecastSettings.self] }
        set { self[ForecastSettings.self] = newValue }
    }

    package var forecastTemperature: ForecastTemperatureSettings {
        get { self[ForecastTemperatureSettings.self] }
        set { self[ForecastTemperatureSettings.self] = newValue }
    }

    package var forecastPrecipitation: ForecastPrecipitationSettings {
        get { self[ForecastPrecipitationSettings.self] }
        set { self[ForecastPrecipitationSettings.self] = newValue }
    }

    package var forecastSevere: ForecastSevereSettings {
        get { self[ForecastSevereSettings.self] }
        set { self[ForecastSevereSettings.self] = newValue }
    }

    package var forecastWind: ForecastWindSettings {
        get { self[ForecastWindSettings.self] }
        set { self[ForecastWindSettings.self] = newValue }
    }

    /// The enabled forecast rules, as their sections make them.
    package var forecastRules: [any ForecastRule] {
        let rules: [(any ForecastRule)?] = [forecastTemperature.rule, forecastPrecipitation.rule, forecastSevere.rule, forecastWind.rule]
        return rules.compactMap { $0 }
    }
}
