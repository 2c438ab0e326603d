import Foundation
import NotifierEngine
import NotifierForecast

/// `[rules.forecast_temperature]`: `forecast_temperature`.
struct ForecastTemperatureSettings: ConfigSection {
    static let table = "rules.forecast_temperature"

    var enabled = true
    var shift = 4.0
    var urgency = Urgency.low

    static let keys: [SectionKey<ForecastTemperatureSettings>] = [
        .bool("enabled", \.enabled),
        .number("shift", \.shift, in: 0.5...50),
        .choice("urgency", \.urgency),
    ]

    var rule: TemperatureShiftRule? { enabled ? TemperatureShiftRule(shift: shift, urgency: urgency) : nil }

    static let documented = #"""
        [rules.forecast_temperature]
        # A day's forecast high or low moving by at least `shift` °C since the forecast you were last
        # told about (or first saw), so a slow creep adds up.
        enabled = true
        shift = 4
        urgency = "low"
        """#
}
