import Foundation
import NotifierEngine
import NotifierForecast

/// `[rules.forecast_precipitation]`: `forecast_precipitation`.
struct ForecastPrecipitationSettings: ConfigSection {
    static let table = "rules.forecast_precipitation"

    var enabled = true
    var low = 30.0
    var high = 60.0
    var urgency = Urgency.normal

    static let keys: [SectionKey<ForecastPrecipitationSettings>] = [
        .bool("enabled", \.enabled),
        .number("low_percent", \.low, in: 1...100),
        .number("high_percent", \.high, in: 1...100),
        .choice("urgency", \.urgency),
    ]

    func check() -> (key: String, message: String)? {
        guard low >= high else { return nil }
        return ("low_percent", "must be below high_percent (\(high.shortText)), got \(low.shortText)")
    }

    var rule: PrecipitationChangeRule? { enabled ? PrecipitationChangeRule(low: low, high: high, urgency: urgency) : nil }

    static let documented = #"""
        [rules.forecast_precipitation]
        # Rain (or snow) newly likely for a day: its highest chance rising from below low_percent to
        # high_percent or more; and no longer expected: the reverse. In between, nothing is said.
        enabled = true
        low_percent = 30
        high_percent = 60
        urgency = "normal"
        """#
}
