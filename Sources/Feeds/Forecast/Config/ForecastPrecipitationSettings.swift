import Foundation
import NotifierCore
import NotifierEngine

/// `[rules.forecast_precipitation]`: `forecast_precipitation`.
package struct ForecastPrecipitationSettings: ConfigSection {
    package init() {}

    package static let table = "rules.forecast_precipitation"

    package var enabled = true
    package var low = 30.0
    package var high = 60.0
    package var urgency = Urgency.normal

    package static let keys: [SectionKey<ForecastPrecipitationSettings>] = [
        .bool("enabled", \.enabled),
        .number("low_percent", \.low, in: 1...100),
        .number("high_percent", \.high, in: 1...100),
        .choice("urgency", \.urgency),
    ]

    package func check() -> (key: String, message: String)? {
        guard low >= high else { return nil }
        return ("low_percent", "must be below high_percent (\(high.shortText)), got \(low.shortText)")
    }

    package var rule: PrecipitationChangeRule? { enabled ? PrecipitationChangeRule(low: low, high: high, urgency: urgency) : nil }

    package static let documented = #"""
        [rules.forecast_precipitation]
        # Rain (or snow) newly likely for a day: its highest chance rising from below low_percent to
        # high_percent or more; and no longer expected: the reverse. In between, nothing is said.
        enabled = true
        low_percent = 30
        high_percent = 60
        urgency = "normal"
        """#
}
