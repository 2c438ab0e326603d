import Foundation
import Testing

@testable import NotifierHolidays

/// Days of national importance, each by the law in force on its date (docs/facts.md).
@Suite struct NationalDaysTests {
    static func names(_ year: Int) -> [String] { EstonianCalendar.nationalDays(year: year).map { "\($0.date) \($0.name)" } }

    @Test func eachFromTheDayItsAmendmentCameIntoForce() {
        #expect(Self.names(1997).isEmpty, "before the 1998 act none are known")
        // The 1998 act came into force on 23 Feb: 6 Jan and 2 Feb 1998 were not yet days of national importance.
        #expect(Self.names(1998).first == "1998-05-10 Emadepäev")
        #expect(!Self.names(1998).contains { $0.contains("Emakeelepäev") } && Self.names(1999).contains("1999-03-14 Emakeelepäev"))
        #expect(
            !Self.names(2008).contains { $0.hasSuffix("mälestuspäev") } && Self.names(2009).contains("2009-08-23 Kommunismi ja natsismi ohvrite mälestuspäev"))
        #expect(!Self.names(2020).contains { $0.contains("Lastekaitsepäev") } && Self.names(2021).contains("2021-06-01 Lastekaitsepäev"))
        #expect(!Self.names(2022).contains { $0.contains("kirjanduse") } && Self.names(2023).contains("2023-01-30 Eesti kirjanduse päev"))
        #expect(Self.names(2026).count == 16)
        #expect(Self.names(2026).contains("2026-10-17 Hõimupäev") && Self.names(2026).contains("2026-09-13 Vanavanemate päev"))
    }

    @Test func offForNotificationsUnlessAsked() {
        let all = EstonianCalendar.holidays(in: 2026)
        let now = UpcomingHolidayRule.at(2026, 6, 14, 9, 0)
        let tallinn = UpcomingHolidayRule.calendar("Europe/Tallinn")
        #expect(!UpcomingHolidayRule(leadDays: [0]).due(holidays: all, now: now, userCalendar: tallinn).contains { $0.holiday.kind == .national })
        let asked = UpcomingHolidayRule(leadDays: [0], includePublic: false, includeFolk: false, includeNational: true)
        let due = asked.due(holidays: all, now: now, userCalendar: tallinn)
        #expect(due.map(\.key) == ["2026-06-14@0/national/Leinapäev"])
        let alert = asked.alert(for: due[0], locale: Locale(identifier: "en_US"))
        #expect(alert.title == "Day of national importance today: Leinapäev")
        #expect(alert.category == "x-notifier.holiday.national" && alert.body.hasSuffix("a flag day (not a day off)"))
    }
}
