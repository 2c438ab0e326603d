import Foundation
import NotifierCore
import NotifierEngine

/// `[rules.forecast_severe]`: `forecast_severe`.
package struct ForecastSevereSettings: ConfigSection {
    package init() {}

    package static let table = "rules.forecast_severe"

    package var enabled = true
    package var urgency = Urgency.normal

    package static let keys: [SectionKey<ForecastSevereSettings>] = [
        .bool("enabled", \.enabled),
        .choice("urgency", \.urgency),
    ]

    package var rule: SevereWeatherRule? { enabled ? SevereWeatherRule(urgency: urgency) : nil }

    package static let documented = #"""
        [rules.forecast_severe]
        # A day's forecast changing into thunderstorm, snow or freezing rain.
        enabled = true
        urgency = "normal"
        """#
}
