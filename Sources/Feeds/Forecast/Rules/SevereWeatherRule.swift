import Foundation
import NotifierEngine

/// A day's forecast turning severe (thunderstorm, snow, freezing rain) from something milder.
/// A day already severe when first seen is not a change; it re-arms once the forecast eases.
public struct SevereWeatherRule: ForecastRule {
    public static let id = "forecast_severe"
    public static let summary = "A day's forecast condition changing into thunderstorm, snow or freezing rain"

    public var urgency: Urgency

    public init(urgency: Urgency = .normal) {
        self.urgency = urgency
    }

    public func readings(_ forecast: Forecast, previous: Forecast?, context: ForecastContext) -> [SubjectReading] {
        Self.upcomingDays(forecast, context: context).map { day in
            let condition = day.condition
            let before = previous?.day(day.date)?.condition
            return SubjectReading(
                key: SubjectKey(rule: Self.id, subject: Self.subject(forecast, day.date, "severe")),
                signal: condition.map { $0.isSevere ? .beyondFire : .rearmed }, shownValue: condition?.word ?? "unknown",
                policy: AlertPolicy(), edgeTriggered: true, mustSeeRearmFirst: true
            ) { [urgency] emission in
                guard emission == .fired, let condition else { return nil }
                let was = before.map { " (was \($0.word))" } ?? ""
                return Self.alert(
                    forecast, day: day, aspect: "severe", title: condition.word, change: "\(condition.word) now forecast\(was)",
                    fragment: condition.word, reason: "the condition changed to \(condition.word)\(was)",
                    urgency: urgency, context: context)
            }
        }
    }
}

extension SevereWeatherRule {
    static func conditions(_ values: [WeatherCondition?]) -> [[ForecastDay]?] {
        values.map { [ForecastScript.day(4, condition: $0)] }
    }

    public static let examples: [RuleExample] = [
        RuleExample(
            "rain turns to thunderstorm",
            .fires { alerts in
                alerts.map(\.body) == ["Friday: thunderstorm now forecast (was rain)"] && alerts[0].title == "Tallinn, Friday: thunderstorm"
                    && alerts[0].icon == "weather-storm"
            }
        ) { ForecastScript.run(SevereWeatherRule(), conditions([.rain, .thunderstorm])) },
        RuleExample("severe when first seen is not a change", .staysSilent) {
            ForecastScript.run(SevereWeatherRule(), conditions([.snow, .snow, .thunderstorm]))
        },
        RuleExample("one severe class to another says nothing more", .fires { alerts in alerts.count == 1 }) {
            ForecastScript.run(SevereWeatherRule(), conditions([.cloudy, .snow, .freezingRain, .thunderstorm]))
        },
        RuleExample(
            "easing re-arms",
            .fires { alerts in
                alerts.map(\.body) == ["Friday: snow now forecast (was cloudy)", "Friday: snow now forecast (was rain)"]
            }
        ) { ForecastScript.run(SevereWeatherRule(), conditions([.cloudy, .snow, .rain, .snow])) },
        RuleExample("an unknown condition is not a change", .staysSilent) {
            ForecastScript.run(SevereWeatherRule(), conditions([.rain, nil, .rain]))
        },
    ]
}
