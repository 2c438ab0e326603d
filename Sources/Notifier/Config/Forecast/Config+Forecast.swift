import Foundation
import NotifierForecast

enum ForecastSource: String, Sendable, CaseIterable {
    case openMeteo = "open-meteo"
    case openWeatherMap = "openweathermap"
}

/// The forecast feed's part of the config, kept by type in `Config`.
extension Config {
    var forecast: ForecastSettings {
        get { self[ForecastSettings.self] }
        set { self[ForecastSettings.self] = newValue }
    }

    var forecastTemperature: ForecastTemperatureSettings {
        get { self[ForecastTemperatureSettings.self] }
        set { self[ForecastTemperatureSettings.self] = newValue }
    }

    var forecastPrecipitation: ForecastPrecipitationSettings {
        get { self[ForecastPrecipitationSettings.self] }
        set { self[ForecastPrecipitationSettings.self] = newValue }
    }

    var forecastSevere: ForecastSevereSettings {
        get { self[ForecastSevereSettings.self] }
        set { self[ForecastSevereSettings.self] = newValue }
    }

    var forecastWind: ForecastWindSettings {
        get { self[ForecastWindSettings.self] }
        set { self[ForecastWindSettings.self] = newValue }
    }

    /// The enabled forecast rules, as their sections make them.
    var forecastRules: [any ForecastRule] {
        let rules: [(any ForecastRule)?] = [forecastTemperature.rule, forecastPrecipitation.rule, forecastSevere.rule, forecastWind.rule]
        return rules.compactMap { $0 }
    }
}
