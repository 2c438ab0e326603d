import Foundation
import NotifierEngine
import NotifierForecast

/// `[rules.forecast_severe]`: `forecast_severe`.
struct ForecastSevereSettings: ConfigSection {
    static let table = "rules.forecast_severe"

    var enabled = true
    var urgency = Urgency.normal

    static let keys: [SectionKey<ForecastSevereSettings>] = [
        .bool("enabled", \.enabled),
        .choice("urgency", \.urgency),
    ]

    var rule: SevereWeatherRule? { enabled ? SevereWeatherRule(urgency: urgency) : nil }

    static let documented = #"""
        [rules.forecast_severe]
        # A day's forecast changing into thunderstorm, snow or freezing rain.
        enabled = true
        urgency = "normal"
        """#
}
