import Foundation
import NotifierEngine

/// A day's forecast high or low moving by at least `shift` °C since the forecast the user last
/// heard about (or first saw), so a slow creep adds up instead of slipping under the bar.
public struct TemperatureShiftRule: ForecastRule {
    public static let id = "forecast_temperature"
    public static let summary = "A day's forecast high or low moving by at least a set number of degrees since last notified"

    public var shift: Double
    public var urgency: Urgency

    public init(shift: Double = 4, urgency: Urgency = .low) {
        self.shift = shift
        self.urgency = urgency
    }

    public func readings(_ forecast: Forecast, previous: Forecast?, context: ForecastContext) -> [SubjectReading] {
        Self.upcomingDays(forecast, context: context).flatMap { day in
            [
                reading(forecast, day, aspect: "max", label: "high", value: day.maxTemperature, context: context),
                reading(forecast, day, aspect: "min", label: "low", value: day.minTemperature, context: context),
            ]
        }
    }

    private func reading(
        _ forecast: Forecast, _ day: ForecastDay, aspect: String, label: String, value: Double?,
        context: ForecastContext
    ) -> SubjectReading {
        let key = SubjectKey(rule: Self.id, subject: Self.subject(forecast, day.date, aspect))
        let anchor = context.anchors[key]
        let signal: Threshold.Signal? = value.map { value in
            guard let anchor, value.isFinite else { return .rearmed }
            return abs(value - anchor) >= shift ? .beyondFire : .rearmed
        }
        return SubjectReading(
            key: key, signal: value?.isFinite == false ? nil : signal, shownValue: value.map(ForecastText.temperature) ?? "unknown",
            policy: AlertPolicy(), anchor: value
        ) { [shift, urgency] emission in
            guard emission == .fired, let value, let anchor else { return nil }
            let warmer = value > anchor
            let change = "\(ForecastText.temperature(anchor)) → \(ForecastText.temperature(value))"
            return Self.alert(
                forecast, day: day, aspect: aspect, title: warmer ? "warmer" : "colder",
                change: "\(label) \(change)", fragment: "\(label) \(change)",
                reason: "the \(label) moved \(ForecastText.temperature(value - anchor)) since last notified (at least \(ForecastText.temperature(shift)))",
                urgency: urgency, context: context)
        }
    }
}

extension TemperatureShiftRule {
    static func highs(_ values: [Double]) -> [[ForecastDay]?] {
        values.map { [ForecastScript.day(max: $0)] }
    }

    public static let examples: [RuleExample] = [
        RuleExample(
            "the high jumps by 5 °C",
            .fires { alerts in
                alerts.map(\.body) == ["Thursday: high 6 °C → 11 °C"] && alerts[0].title == "Tallinn, Thursday: warmer"
            }
        ) { ForecastScript.run(TemperatureShiftRule(), highs([6, 11])) },
        RuleExample(
            "creeping by 1 °C a poll adds up, once per 4 °C",
            .fires { alerts in
                alerts.map(\.body) == ["Thursday: high 6 °C → 10 °C", "Thursday: high 10 °C → 14 °C"]
            }
        ) { ForecastScript.run(TemperatureShiftRule(), highs([6, 7, 8, 9, 10, 11, 12, 13, 14, 15])) },
        RuleExample("wobbling within 4 °C says nothing", .staysSilent) {
            ForecastScript.run(TemperatureShiftRule(), highs([6, 9, 3, 9.4, 2.6, 6]))
        },
        RuleExample("a colder low", .fires { alerts in alerts.map(\.body) == ["Thursday: low 2 °C → −3 °C"] && alerts[0].title.hasSuffix("colder") }) {
            ForecastScript.run(TemperatureShiftRule(), [[ForecastScript.day(min: 2)], [ForecastScript.day(min: -3)]])
        },
        RuleExample("two big moves in a row are two notifications", .fires { alerts in alerts.count == 2 }) {
            ForecastScript.run(TemperatureShiftRule(), highs([6, 12, 18]))
        },
        RuleExample("a day seen for the first time is not a change", .staysSilent) {
            ForecastScript.run(TemperatureShiftRule(), [[ForecastScript.day(3, max: 6)], [ForecastScript.day(3, max: 6), ForecastScript.day(4, max: 20)]])
        },
        RuleExample("a day that has passed is not news", .staysSilent) {
            ForecastScript.run(TemperatureShiftRule(), [[ForecastScript.day(1, max: 6)], [ForecastScript.day(1, max: 16)]], daysPerPoll: 2)
        },
    ]
}
