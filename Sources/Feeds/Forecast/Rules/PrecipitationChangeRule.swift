import Foundation
import NotifierEngine

/// Rain (or snow) newly likely for a day, or no longer expected: the day's highest chance of
/// precipitation crossing both marks between forecasts. Hovering between the marks says nothing.
public struct PrecipitationChangeRule: ForecastRule {
    public static let id = "forecast_precipitation"
    public static let summary = "A day's chance of precipitation rising past the high mark from below the low one, or the reverse"

    /// Percent, 0–100: below `low` counts as "not expected", at or above `high` as "likely".
    public var low: Double
    public var high: Double
    public var urgency: Urgency

    public init(low: Double = 30, high: Double = 60, urgency: Urgency = .normal) {
        self.low = low
        self.high = high
        self.urgency = urgency
    }

    public func readings(_ forecast: Forecast, previous: Forecast?, context: ForecastContext) -> [SubjectReading] {
        // "Below the low mark" is strictly below: a chance of exactly 30 % is not "not expected".
        guard let likely = try? Threshold(direction: .above, fireLevel: high, rearmLevel: low.nextDown),
            let unlikely = try? Threshold(direction: .below, fireLevel: low.nextDown, rearmLevel: high)
        else { return [] }
        return Self.upcomingDays(forecast, context: context).flatMap { day -> [SubjectReading] in
            let chance = day.precipitationProbability
            let before = previous?.day(day.date)?.precipitationProbability
            let shown = chance.map(ForecastText.percent) ?? "unknown"
            let kind = day.condition == .snow ? "snow" : "rain"
            func reading(_ aspect: String, _ threshold: Threshold, _ phrase: String, fragment: String) -> SubjectReading {
                SubjectReading(
                    key: SubjectKey(rule: Self.id, subject: Self.subject(forecast, day.date, aspect)),
                    signal: chance.flatMap { threshold.signal(for: $0) }, shownValue: shown, policy: AlertPolicy(),
                    edgeTriggered: true, mustSeeRearmFirst: true
                ) { [urgency] emission in
                    guard emission == .fired, let chance else { return nil }
                    let change = before.map { "\(ForecastText.percent($0)) → \(ForecastText.percent(chance))" } ?? "now \(ForecastText.percent(chance))"
                    return Self.alert(
                        forecast, day: day, aspect: aspect, title: phrase, change: "\(phrase), \(change)",
                        fragment: "\(fragment) (\(ForecastText.percent(chance)))",
                        reason: "chance of precipitation \(change), marks \(ForecastText.percent(self.low)) and \(ForecastText.percent(self.high))",
                        urgency: urgency, context: context)
                }
            }
            return [
                reading("wet", likely, "\(kind) now likely", fragment: "\(kind) likely"),
                reading("dry", unlikely, "\(kind) no longer expected", fragment: "dry"),
            ]
        }
    }
}

extension PrecipitationChangeRule {
    static func chances(_ values: [Double?]) -> [[ForecastDay]?] {
        values.map { [ForecastScript.day(rain: $0)] }
    }

    public static let examples: [RuleExample] = [
        RuleExample(
            "rain appears",
            .fires { alerts in
                alerts.map(\.body) == ["Thursday: rain now likely, 20 % → 75 %"] && alerts[0].title == "Tallinn, Thursday: rain now likely"
                    && alerts[0].deepLink.command == "notifier open forecast Tallinn"
            }
        ) { ForecastScript.run(PrecipitationChangeRule(), chances([20, 75])) },
        RuleExample("rain disappears", .fires { alerts in alerts.map(\.body) == ["Thursday: rain no longer expected, 70 % → 15 %"] }) {
            ForecastScript.run(PrecipitationChangeRule(), chances([70, 15]))
        },
        RuleExample("hovering at the marks says nothing", .staysSilent) {
            ForecastScript.run(PrecipitationChangeRule(), chances([45, 59, 31, 60, 30, 55, 60, 35]))
        },
        RuleExample(
            "rising through both marks over several polls fires once",
            .fires { alerts in
                alerts.map(\.body) == ["Thursday: rain now likely, 50 % → 65 %"]
            }
        ) { ForecastScript.run(PrecipitationChangeRule(), chances([20, 40, 50, 65, 80, 70])) },
        RuleExample("likely when first seen is not news", .staysSilent) { ForecastScript.run(PrecipitationChangeRule(), chances([80, 90])) },
        RuleExample("in between when first seen, then likely, is not 'from below'", .staysSilent) {
            ForecastScript.run(PrecipitationChangeRule(), chances([45, 75]))
        },
        RuleExample(
            "back and forth through both marks, each said once",
            .fires { alerts in
                alerts.map(\.body) == [
                    "Thursday: rain now likely, 10 % → 70 %", "Thursday: rain no longer expected, 70 % → 20 %",
                    "Thursday: rain now likely, 20 % → 65 %",
                ]
            }
        ) { ForecastScript.run(PrecipitationChangeRule(), chances([10, 70, 20, 65])) },
        RuleExample("a failed poll or a missing figure is unknown, not dry", .staysSilent) {
            ForecastScript.run(PrecipitationChangeRule(), chances([70, nil, 70]) + [nil] + chances([70]))
        },
        RuleExample("snow is called snow", .fires { alerts in alerts.map(\.body) == ["Thursday: snow now likely, 10 % → 90 %"] }) {
            ForecastScript.run(PrecipitationChangeRule(), [[ForecastScript.day(rain: 10)], [ForecastScript.day(rain: 90, condition: .snow)]])
        },
    ]
}
