import Foundation
import NotifierEngine

extension UpcomingHolidayRule {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// The instant of a wall-clock time in a time zone: `at(2026, 12, 17, 9, 0)`.
    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ zone: String = "Europe/Tallinn") -> Date {
        calendar(zone).date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    static func on(_ text: String) -> [Holiday] {
        EstonianCalendar.holidays(in: 2026).filter { $0.date.description == text }
    }

    /// Polls at each instant like a daemon with a ledger: keys already delivered are dropped.
    static func run(
        _ polls: [Date], rule: UpcomingHolidayRule = UpcomingHolidayRule(),
        holidays: [Holiday] = EstonianCalendar.holidays(in: 2026), zone: String = "Europe/Tallinn"
    ) -> [Alert] {
        var delivered = Set<String>()
        var alerts: [Alert] = []
        for now in polls {
            for reminder in rule.due(holidays: holidays, now: now, userCalendar: calendar(zone))
            where delivered.insert(reminder.key).inserted {
                alerts.append(rule.alert(for: reminder, locale: Locale(identifier: "en_US")))
            }
        }
        return alerts
    }

    public static let examples: [RuleExample] = [
        RuleExample(
            "a public holiday 7 days ahead, at 09:00",
            .fires { alerts in
                alerts.map(\.title) == ["Public holiday in 7 days: Jõululaupäev"]
                    && alerts[0].body == "Thursday 2026-12-24: Jõululaupäev\nEstonian public holiday, a day off"
                    && alerts[0].deepLink.command == "notifier open holiday 2026-12-24"
                    && alerts[0].urgency == .normal && alerts[0].category == "x-notifier.holiday.public"
                    && alerts[0].key == "2026-12-24@7"
                    && alerts[0].reason == "Jõululaupäev on 2026-12-24 is 7 days ahead; reminders at 7, 1 and 0 days, 09:00"
            }
        ) { run([at(2026, 12, 17, 9, 0)], holidays: on("2026-12-24").filter { $0.kind == .publicHoliday }) },
        RuleExample("not yet at 08:59", .staysSilent) {
            run([at(2026, 12, 17, 8, 59)], rule: UpcomingHolidayRule(includeFolk: false))
        },
        RuleExample(
            "a folk day tomorrow, told apart",
            .fires { alerts in
                alerts.map(\.title) == ["Folk day tomorrow: Toomapäev"] && alerts[0].urgency == .low
                    && alerts[0].category == "x-notifier.holiday.folk" && alerts[0].body.hasSuffix("Estonian folk-calendar day")
            }
        ) { run([at(2026, 12, 20, 9, 0)], holidays: on("2026-12-21")) },
        RuleExample(
            "each lead once, however often it polls",
            .fires { alerts in
                alerts.map(\.key) == ["2026-12-24@7", "2026-12-24@1", "2026-12-24@0"]
            }
        ) {
            run(
                stride(from: 16, through: 25, by: 1).flatMap { day in [at(2026, 12, day, 8, 0), at(2026, 12, day, 9, 0), at(2026, 12, day, 20, 0)] },
                holidays: on("2026-12-24").filter { $0.kind == .publicHoliday })
        },
        RuleExample(
            "catches up after downtime, only the latest reminder",
            .fires { alerts in
                alerts.map(\.title) == ["Public holiday tomorrow: Jõululaupäev"] && alerts[0].key == "2026-12-24@1"
            }
        ) { run([at(2026, 12, 16, 9, 0), at(2026, 12, 23, 12, 0)], holidays: on("2026-12-24").filter { $0.kind == .publicHoliday }) },
        RuleExample("nothing once the day has passed", .staysSilent) {
            run([at(2026, 12, 25, 0, 0)], holidays: on("2026-12-24"))
        },
        RuleExample(
            "folk days off: only public holidays",
            .fires { alerts in
                alerts.map(\.title) == ["Public holiday tomorrow: Võidupüha", "Public holiday in 2 days: Jaanipäev"]
                    && alerts.allSatisfy { $0.urgency == .normal }
            }
        ) { run([at(2026, 6, 22, 9, 0)], rule: UpcomingHolidayRule(includeFolk: false)) },
        RuleExample(
            "a holiday and a folk day on one date are two alerts",
            .fires { alerts in
                alerts.map(\.title) == ["Public holiday in 7 days: Jõululaupäev", "Folk day in 7 days: Jõulud"]
            }
        ) { run([at(2026, 12, 17, 9, 0)], holidays: on("2026-12-24")) },
        RuleExample(
            "Los Angeles: their own 09:00, the Estonian date",
            .fires { alerts in
                alerts.map(\.title) == ["Public holiday today: Jõululaupäev"]
            }
        ) {
            run(
                [at(2026, 12, 24, 8, 59, "America/Los_Angeles"), at(2026, 12, 24, 9, 0, "America/Los_Angeles")],
                rule: UpcomingHolidayRule(leadDays: [0]), holidays: on("2026-12-24").filter { $0.kind == .publicHoliday },
                zone: "America/Los_Angeles")
        },
        RuleExample("Los Angeles: the Estonian day is over at 14:00 their time", .staysSilent) {
            run(
                [at(2026, 12, 24, 14, 0, "America/Los_Angeles")], rule: UpcomingHolidayRule(leadDays: [0]),
                holidays: on("2026-12-24"), zone: "America/Los_Angeles")
        },
    ]
}
