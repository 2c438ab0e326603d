import Foundation
import NotifierCore
import NotifierEngine

/// `[rules.forecast_temperature]`: `forecast_temperature`.
package struct ForecastTemperatureSettings: ConfigSection {
    package init() {}

    package static let table = "rules.forecast_temperature"

    package var enabled = true
    package var shift = 4.0
    package var urgency = Urgency.low

    package static let keys: [SectionKey<ForecastTemperatureSettings>] = [
        .bool("enabled", \.enabled),
        .number("shift", \.shift, in: 0.5...50),
        .choice("urgency", \.urgency),
    ]

    package var rule: TemperatureShiftRule? { enabled ? TemperatureShiftRule(shift: shift, urgency: urgency) : nil }

    package static let documented = #"""
        [rules.forecast_temperature]
        # A day's forecast high or low moving by at least `shift` °C since the forecast you were last
        # told about (or first saw), so a slow creep adds up.
        enabled = true
        shift = 4
        urgency = "low"
        """#
}
