import Foundation
import NotifierEngine
import NotifierSystem
import Testing

@testable import NotifierCore
@testable import NotifierHolidays

/// A hostile world, a time zone: "Uusaasta (today)" shown twice in Newfoundland (UTC−03:30). Each pass
/// drops what its ledger has delivered, as the engine does; what is left is what is shown.
@Suite struct HolidayTimeZoneTests {
    typealias R = UpcomingHolidayRule

    /// The titles shown by passes at `times` (local), with the ledger carried between them.
    static func shown(_ rule: R = R(), zone: String, times: [(Int, Int, Int, Int, Int)], holidays: [Holiday]) -> [String] {
        var delivered = Set<String>()
        var titles: [String] = []
        for (year, month, day, hour, minute) in times {
            let now = R.at(year, month, day, hour, minute, zone)
            for reminder in rule.due(holidays: holidays, now: now, userCalendar: R.calendar(zone), delivered: delivered)
            where delivered.insert(reminder.key).inserted {
                titles.append(rule.alert(for: reminder, locale: Locale(identifier: "en_US")).title)
            }
        }
        return titles
    }

    static let newYear = EstonianCalendar.holidays(from: CivilDate(string: "2026-12-20")!, through: CivilDate(string: "2027-01-10")!)
        .filter { $0.name == "Uusaasta" }

    @Test func newfoundlandHearsTodayOnceOnItsOwnNewYearsDay() {
        // 20:00 on 31 Dec in St. John's is already 1 Jan in Tallinn.
        let titles = Self.shown(
            zone: "America/St_Johns", times: [(2026, 12, 31, 8, 0), (2026, 12, 31, 20, 0), (2027, 1, 1, 9, 30), (2027, 1, 1, 21, 0)],
            holidays: Self.newYear)
        #expect(titles == ["Public holiday tomorrow: Uusaasta", "Public holiday today: Uusaasta"])
    }

    /// "tomorrow" is true until the user's next midnight, wherever the user is.
    @Test func aReminderIsTrueUntilTheUsersNextMidnight() throws {
        for zone in ["America/St_Johns", "Europe/Tallinn", "Pacific/Kiritimati"] {
            let now = R.at(2026, 12, 31, 20, 0, zone)
            let reminder = try #require(R().due(holidays: Self.newYear, now: now, userCalendar: R.calendar(zone)).first)
            let alert = R().alert(for: reminder, locale: Locale(identifier: "en_US"))
            #expect(alert.validUntil == R.at(2027, 1, 1, 0, 0, zone), "\(zone)")
        }
    }

    @Test func aDaemonEveryFiveMinutesAroundBothMidnights() {
        // Every 5 minutes from 30 Dec 12:00 to 2 Jan 00:00 local, in zones on both sides of Tallinn.
        for zone in ["America/St_Johns", "Europe/Tallinn", "UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago"] {
            var times: [(Int, Int, Int, Int, Int)] = []
            for day in [(2026, 12, 30), (2026, 12, 31), (2027, 1, 1)] {
                for minutes in stride(from: day.2 == 30 ? 720 : 0, to: 1440, by: 5) {
                    times.append((day.0, day.1, day.2, minutes / 60, minutes % 60))
                }
            }
            let titles = Self.shown(zone: zone, times: times, holidays: Self.newYear)
            // Started after the 7-day reminder's time: that one late, then each on its day.
            #expect(titles == ["Public holiday in 2 days: Uusaasta", "Public holiday tomorrow: Uusaasta", "Public holiday today: Uusaasta"], "\(zone)")
        }
    }

    @Test func aLateReminderSaysWhatTheNextOneWouldOnlyOnce() {
        // First started at 08:00 on the eve, before the 09:00 reminder: "tomorrow" once, not twice.
        let titles = Self.shown(
            zone: "Europe/Tallinn", times: [(2026, 12, 31, 8, 0), (2026, 12, 31, 9, 0), (2027, 1, 1, 9, 0)],
            holidays: Self.newYear)
        #expect(titles == ["Public holiday tomorrow: Uusaasta", "Public holiday today: Uusaasta"])
    }
}
