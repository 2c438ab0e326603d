import Foundation
import NotifierEngine

/// A day's strongest forecast gusts newly above a threshold; they must fall back below the
/// re-arm level before the next notification.
public struct WindGustRule: ForecastRule {
    public static let id = "forecast_wind"
    public static let summary = "A day's forecast gusts newly above a threshold"

    /// km/h
    public var threshold: Double
    public var rearm: Double
    public var urgency: Urgency

    public init(threshold: Double = 60, rearm: Double = 50, urgency: Urgency = .normal) {
        self.threshold = threshold
        self.rearm = rearm
        self.urgency = urgency
    }

    public func readings(_ forecast: Forecast, previous: Forecast?, context: ForecastContext) -> [SubjectReading] {
        guard let level = try? Threshold(direction: .above, fireLevel: threshold, rearmLevel: rearm) else { return [] }
        return Self.upcomingDays(forecast, context: context).map { day in
            let gusts = day.maxGusts
            let before = previous?.day(day.date)?.maxGusts
            return SubjectReading(
                key: SubjectKey(rule: Self.id, subject: Self.subject(forecast, day.date, "gusts")),
                signal: gusts.flatMap { level.signal(for: $0) }, shownValue: gusts.map(ForecastText.speed) ?? "unknown",
                policy: AlertPolicy(), edgeTriggered: true
            ) { [threshold, urgency] emission in
                guard emission == .fired, let gusts else { return nil }
                let was = before.map { ", were \(ForecastText.speed($0))" } ?? ""
                return Self.alert(
                    forecast, day: day, aspect: "gusts", title: "strong gusts", change: "gusts up to \(ForecastText.speed(gusts))\(was)",
                    fragment: "gusts \(ForecastText.speed(gusts))",
                    reason: "gusts \(ForecastText.speed(gusts)) reached \(ForecastText.speed(threshold))\(was)",
                    urgency: urgency, context: context)
            }
        }
    }
}

extension WindGustRule {
    static func gusts(_ values: [Double?]) -> [[ForecastDay]?] {
        values.map { [ForecastScript.day(5, gusts: $0)] }
    }

    public static let examples: [RuleExample] = [
        RuleExample(
            "gusts rise past 60 km/h",
            .fires { alerts in
                alerts.map(\.body) == ["Saturday: gusts up to 72 km/h, were 45 km/h"] && alerts[0].title == "Tallinn, Saturday: strong gusts"
            }
        ) { ForecastScript.run(WindGustRule(), gusts([45, 72])) },
        RuleExample("already above when first seen", .staysSilent) { ForecastScript.run(WindGustRule(), gusts([70, 80])) },
        RuleExample("hovering around 60 fires once", .fires { alerts in alerts.count == 1 }) {
            ForecastScript.run(WindGustRule(), gusts([40, 61, 58, 62, 55, 60]))
        },
        RuleExample("falling below the re-arm level re-arms", .fires { alerts in alerts.count == 2 }) {
            ForecastScript.run(WindGustRule(), gusts([40, 61, 45, 65]))
        },
        RuleExample("missing gusts are unknown", .staysSilent) { ForecastScript.run(WindGustRule(), gusts([40, nil, 40])) },
    ]
}
