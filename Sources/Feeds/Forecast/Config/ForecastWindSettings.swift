import Foundation
import NotifierCore
import NotifierEngine

/// `[rules.forecast_wind]`: `forecast_wind`.
package struct ForecastWindSettings: ConfigSection {
    package init() {}

    package static let table = "rules.forecast_wind"

    package var enabled = true
    package var gusts = 60.0
    package var rearm = 50.0
    package var urgency = Urgency.normal

    package static let keys: [SectionKey<ForecastWindSettings>] = [
        .bool("enabled", \.enabled),
        .number("gusts_kmh", \.gusts, in: 1...500),
        .number("rearm_kmh", \.rearm, in: 0...500),
        .choice("urgency", \.urgency),
    ]

    package func check() -> (key: String, message: String)? {
        guard rearm >= gusts else { return nil }
        return ("rearm_kmh", "must be below gusts_kmh (\(gusts.shortText)), got \(rearm.shortText)")
    }

    package var rule: WindGustRule? { enabled ? WindGustRule(threshold: gusts, rearm: rearm, urgency: urgency) : nil }

    package static let documented = #"""
        [rules.forecast_wind]
        # A day's strongest gusts newly at or above gusts_kmh; again only after they fall to rearm_kmh.
        enabled = true
        gusts_kmh = 60
        rearm_kmh = 50
        urgency = "normal"
        """#
}
