import Foundation
import NotifierEngine
import NotifierSystem
import Testing

@testable import NotifierCore
@testable import NotifierHolidays

@Suite struct UpcomingHolidayRuleTests {
    typealias R = UpcomingHolidayRule
    static let tallinn = R.calendar("Europe/Tallinn")
    static let losAngeles = R.calendar("America/Los_Angeles")

    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        R.at(year, month, day, hour, minute, "UTC")
    }

    static func holiday(_ date: String, _ name: String, _ kind: Holiday.Kind = .publicHoliday) -> Holiday {
        Holiday(date: CivilDate(string: date)!, name: name, kind: kind)
    }

    static func keys(_ rule: R = R(), _ holidays: [Holiday], _ now: Date, _ calendar: Calendar = tallinn) -> [String] {
        rule.due(holidays: holidays, now: now, userCalendar: calendar).map(\.key)
    }

    @Test func springForwardInTallinn() {
        // DST starts 2026-03-29 03:00 → 04:00: 09:00 that day is 06:00 UTC, not 07:00.
        let easter = [Self.holiday("2026-04-05", "Ülestõusmispühade 1. püha")]
        #expect(Self.keys(R(), easter, Self.utc(2026, 3, 29, 5, 59)).isEmpty)
        #expect(Self.keys(R(), easter, Self.utc(2026, 3, 29, 6, 0)) == ["2026-04-05@7"])
        let goodFriday = [Self.holiday("2026-04-03", "Suur reede")]
        // 2026-03-27 is still winter time: 09:00 is 07:00 UTC.
        #expect(Self.keys(R(), goodFriday, Self.utc(2026, 3, 27, 6, 59)).isEmpty)
        #expect(Self.keys(R(), goodFriday, Self.utc(2026, 3, 27, 7, 0)) == ["2026-04-03@7"])
    }

    @Test func fallBackInTallinn() {
        // DST ends 2026-10-25 04:00 → 03:00: a reminder on 26 Oct at 09:00 is 07:00 UTC.
        let hingedepaev = [Self.holiday("2026-11-02", "Hingedepäev", .folk)]
        #expect(Self.keys(R(), hingedepaev, Self.utc(2026, 10, 26, 6, 59)).isEmpty)
        #expect(Self.keys(R(), hingedepaev, Self.utc(2026, 10, 26, 7, 0)) == ["2026-11-02@7/folk/Hingedepäev"])
        // A reminder on the day of the change itself, at 03:30 (which happens twice): due by the later one at the latest.
        let rule = R(leadDays: [8], deliveryHour: 3, deliveryMinute: 30)
        #expect(Self.keys(rule, hingedepaev, Self.utc(2026, 10, 25, 0, 29)).isEmpty)
        #expect(Self.keys(rule, hingedepaev, Self.utc(2026, 10, 25, 1, 30)).count == 1)
    }

    @Test func aFarTimeZoneUsesItsOwnClockAndTheEstonianDate() {
        let christmasEve = [Self.holiday("2026-12-24", "Jõululaupäev")]
        let la = { (d: Int, h: Int, m: Int) in R.at(2026, 12, d, h, m, "America/Los_Angeles") }
        // 09:00 in Los Angeles is 17:00 UTC (19:00 in Tallinn).
        #expect(Self.keys(R(), christmasEve, la(17, 8, 59), Self.losAngeles).isEmpty)
        #expect(Self.keys(R(), christmasEve, la(17, 9, 0), Self.losAngeles) == ["2026-12-24@7"])
        #expect(la(17, 9, 0) == Self.utc(2026, 12, 17, 17))
        #expect(Self.keys(R(), christmasEve, la(23, 9, 0), Self.losAngeles) == ["2026-12-24@1"])
        #expect(Self.keys(R(), christmasEve, la(24, 9, 0), Self.losAngeles) == ["2026-12-24@0"])
        // 14:00 in Los Angeles on the 24th is midnight in Tallinn: the holiday is over there.
        #expect(Self.keys(R(), christmasEve, la(24, 13, 59), Self.losAngeles) == ["2026-12-24@0"])
        #expect(Self.keys(R(), christmasEve, la(24, 14, 0), Self.losAngeles).isEmpty)
        // The same instant for a Tallinn user: already past.
        #expect(Self.keys(R(), christmasEve, la(24, 14, 0), Self.tallinn).isEmpty)
    }

    @Test func aZoneAheadOfEstonia() {
        // Kiritimati (UTC+14): the lead-7 reminder falls due on the Estonian evening of the 16th.
        let kiritimati = R.calendar("Pacific/Kiritimati")
        let christmasEve = [Self.holiday("2026-12-24", "Jõululaupäev")]
        let now = R.at(2026, 12, 17, 9, 0, "Pacific/Kiritimati")
        let due = R().due(holidays: christmasEve, now: now, userCalendar: kiritimati)
        #expect(due.map(\.key) == ["2026-12-24@7"])
        #expect(R().alert(for: due[0], locale: Locale(identifier: "en_US")).title == "Public holiday in 7 days: Jõululaupäev")
    }

    @Test func catchUpSaysHowFarAheadItReallyIs() throws {
        let christmasEve = [Self.holiday("2026-12-24", "Jõululaupäev")]
        let due = R().due(holidays: christmasEve, now: R.at(2026, 12, 19, 15, 0), userCalendar: Self.tallinn)
        let reminder = try #require(due.first)
        #expect(due.count == 1 && reminder.key == "2026-12-24@7" && reminder.daysAhead == 5)
        #expect(reminder.dueAt == R.at(2026, 12, 17, 9, 0))
        let alert = R().alert(for: reminder, locale: Locale(identifier: "en_US"))
        #expect(alert.title == "Public holiday in 5 days: Jõululaupäev")
        #expect(alert.reason == "Jõululaupäev on 2026-12-24 is 5 days ahead (the 7-day reminder, late); reminders at 7, 1 and 0 days, 09:00")
        // After the day's own reminder time, only that one.
        #expect(Self.keys(R(), christmasEve, R.at(2026, 12, 24, 23, 59)) == ["2026-12-24@0"])
    }

    @Test func theAlert() throws {
        let reminder = try #require(
            R().due(
                holidays: [Self.holiday("2026-12-21", "Toomapäev", .folk)],
                now: R.at(2026, 12, 21, 9, 0), userCalendar: Self.tallinn
            ).first)
        let alert = R().alert(for: reminder, locale: Locale(identifier: "en_US"))
        #expect(alert.rule == "holiday_upcoming" && alert.key == "2026-12-21@0/folk/Toomapäev")
        #expect(alert.title == "Folk day today: Toomapäev")
        #expect(alert.body == "Monday 2026-12-21: Toomapäev\nEstonian folk-calendar day")
        #expect(alert.urgency == .low && alert.category == "x-notifier.holiday.folk" && alert.icon == "x-office-calendar")
        #expect(alert.deepLink.url == "notifier://holiday/2026-12-21")
        #expect(alert.reason == "Toomapäev on 2026-12-21 is today; reminders at 7, 1 and 0 days, 09:00")
        let german = R().alert(for: reminder, locale: Locale(identifier: "de_DE"))
        #expect(german.body.hasPrefix("Montag 2026-12-21"))
    }

    @Test func configuration() {
        let all = EstonianCalendar.holidays(in: 2026)
        let now = R.at(2026, 6, 22, 9, 0)
        let onlyFolk = R(includePublic: false).due(holidays: all, now: now, userCalendar: Self.tallinn)
        #expect(!onlyFolk.isEmpty && onlyFolk.allSatisfy { $0.holiday.kind == .folk })
        #expect(R(includePublic: false, includeFolk: false).due(holidays: all, now: now, userCalendar: Self.tallinn).isEmpty)
        #expect(R(leadDays: []).due(holidays: all, now: now, userCalendar: Self.tallinn).isEmpty)
        #expect(R(leadDays: [1, 1, -3, 7]).leads == [7, 1])
        // A later delivery time: 18:30.
        let evening = R(leadDays: [1], deliveryHour: 18, deliveryMinute: 30)
        let midsummer = [Self.holiday("2026-06-24", "Jaanipäev")]
        #expect(Self.keys(evening, midsummer, R.at(2026, 6, 23, 18, 29)).isEmpty)
        #expect(Self.keys(evening, midsummer, R.at(2026, 6, 23, 18, 30)) == ["2026-06-24@1"])
        #expect(
            evening.reason(for: R.Reminder(holiday: midsummer[0], lead: 1, daysAhead: 1, dueAt: now))
                == "Jaanipäev on 2026-06-24 is 1 day ahead; reminders at 1 day, 18:30")
    }

    @Test func sharedDatesKeepEveryEventWithDistinctKeys() {
        let all = EstonianCalendar.holidays(in: 2026)
        let due = R(leadDays: [0]).due(holidays: all, now: R.at(2026, 6, 24, 9, 0), userCalendar: Self.tallinn)
        #expect(due.map(\.key) == ["2026-06-24@0", "2026-06-24@0/folk/Jaanipäev"])
        // The same event twice in the input (say, embedded and fetched) is one reminder.
        let twice = R(leadDays: [0]).due(holidays: all + all, now: R.at(2026, 6, 24, 9, 0), userCalendar: Self.tallinn)
        #expect(twice.map(\.key) == due.map(\.key))
    }
}
