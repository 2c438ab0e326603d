import Foundation
import NotifierEngine

/// What every forecast rule is given besides the forecasts: the place's today, the anchors the
/// engine keeps, the locale of the texts.
public struct ForecastContext: Sendable {
    /// Today at the place: days before it are gone, and it names "today" and "tomorrow".
    public var today: CivilDate
    /// Each subject's anchor, for rules that measure change since the last notification.
    public var anchors: [SubjectKey: Double]
    public var locale: Locale

    public init(today: CivilDate, anchors: [SubjectKey: Double] = [:], locale: Locale) {
        self.today = today
        self.anchors = anchors
        self.locale = locale
    }

    /// "today", "tomorrow", "Thursday".
    public func dayName(_ date: CivilDate) -> String {
        switch today.daysUntil(date) {
        case 0: return "today"
        case 1: return "tomorrow"
        default: return ForecastText.weekday(date, locale: locale)
        }
    }
}

/// A rule comparing successive forecasts of one place, day by day. Subjects are
/// `<place slug>/<date>/<aspect>`, so a day keeps its state as it rolls from "in 7 days" to "today".
public protocol ForecastRule: Rule {
    func readings(_ forecast: Forecast, previous: Forecast?, context: ForecastContext) -> [SubjectReading]
}

/// The forecast rules, in the order `notifier rules` lists them.
public let forecastRuleTypes: [any ForecastRule.Type] = [
    TemperatureShiftRule.self, PrecipitationChangeRule.self, SevereWeatherRule.self, WindGustRule.self,
]

extension ForecastRule {
    public static var linkedViews: [LinkedView] { [.forecast] }

    static func subject(_ forecast: Forecast, _ date: CivilDate, _ aspect: String) -> String {
        "\(ForecastPlace.slug(forecast.place))/\(date)/\(aspect)"
    }

    /// The days still ahead at the place: a day that has passed is not news.
    static func upcomingDays(_ forecast: Forecast, context: ForecastContext) -> [ForecastDay] {
        forecast.days.filter { $0.date >= context.today }
    }

    /// The alert every forecast rule sends, with the parts they share.
    static func alert(
        _ forecast: Forecast, day: ForecastDay, aspect: String, title: String, change: String,
        fragment: String, reason: String, urgency: Urgency, context: ForecastContext
    ) -> Alert {
        let place = forecast.place
        let dayName = context.dayName(day.date)
        return Alert(
            rule: id, key: subject(forecast, day.date, aspect), title: "\(place), \(dayName): \(title)",
            body: "\(ForecastText.capitalized(dayName)): \(change)", urgency: urgency, category: "x-notifier.forecast",
            deepLink: DeepLink.forecast(forecast.place) ?? .history, icon: day.condition?.iconName ?? "weather-overcast",
            groupFragment: "\(dayName) \(fragment)", groupNoun: "forecast changes for \(place)", reason: reason)
    }
}

/// Texts the forecast rules and the view share.
public enum ForecastText {
    public static func weekday(_ date: CivilDate, locale: Locale) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let noon = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12)) else {
            return date.description
        }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.setLocalizedDateFormatFromTemplate("EEEE")
        return formatter.string(from: noon)
    }

    /// "12 °C", "−3 °C": whole degrees with a real minus sign.
    public static func temperature(_ value: Double) -> String {
        let rounded = Int(value.rounded())
        return rounded < 0 ? "−\(-rounded) °C" : "\(rounded) °C"
    }

    public static func percent(_ value: Double) -> String { "\(Int(value.rounded())) %" }

    public static func speed(_ value: Double) -> String { "\(Int(value.rounded())) km/h" }

    static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}

/// Runs scripted forecast sequences through a fresh engine, for the rules' examples and tests.
public enum ForecastScript {
    /// Monday 23 November 2026.
    public static let monday = CivilDate(year: 2026, month: 11, day: 23)!
    static let start = Date(timeIntervalSince1970: 1_795_420_800) // 2026-11-23 08:00 UTC

    /// A day `offset` days after Monday with the given figures.
    public static func day(
        _ offset: Int = 3, min: Double? = 2, max: Double? = 6, rain: Double? = 10,
        condition: WeatherCondition? = .cloudy, gusts: Double? = 30
    ) -> ForecastDay {
        ForecastDay(
            date: monday.adding(days: offset), minTemperature: min, maxTemperature: max, precipitationProbability: rain,
            precipitationSum: nil, condition: condition, maxGusts: gusts)
    }

    /// Each poll's days (`nil`: the poll failed); `today` moves on by `daysPerPoll`.
    public static func run(
        _ rule: some ForecastRule, _ polls: [[ForecastDay]?], daysPerPoll: Int = 0,
        engine: inout RuleEngine
    ) -> [Alert] {
        var alerts: [Alert] = []
        var previous: Forecast?
        for (index, days) in polls.enumerated() {
            guard let days else { continue }
            let forecast = Forecast(
                place: "Tallinn", latitude: 59.437, longitude: 24.7535, timeZone: "Europe/Tallinn",
                source: "open-meteo", days: days)
            let context = ForecastContext(
                today: monday.adding(days: index * daysPerPoll),
                anchors: engine.records.compactMapValues(\.anchor), locale: Locale(identifier: "en_US"))
            let now = start.addingTimeInterval(Double(index) * 1800 + Double(index * daysPerPoll) * 86400)
            alerts += engine.evaluate(rule.readings(forecast, previous: previous, context: context), now: now).alerts
            previous = forecast
        }
        return alerts
    }

    public static func run(_ rule: some ForecastRule, _ polls: [[ForecastDay]?], daysPerPoll: Int = 0) -> [Alert] {
        var engine = RuleEngine()
        return run(rule, polls, daysPerPoll: daysPerPoll, engine: &engine)
    }
}
