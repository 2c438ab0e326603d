import Foundation
import NotifierEngine
import NotifierSystem
import Testing

@testable import NotifierCore
@testable import NotifierHolidays

@Suite struct EstonianCalendarTests {
    /// Easter by Knuth's algorithm (TAOCP 1.3.2, exercise 14), independent of the one in use.
    static func knuthEaster(_ year: Int) -> String {
        let golden = year % 19 + 1
        let century = year / 100 + 1
        let skipped = 3 * century / 4 - 12
        let correction = (8 * century + 5) / 25 - 5
        let sunday = 5 * year / 4 - skipped - 10
        var epact = (11 * golden + 20 + correction - skipped) % 30
        if epact < 0 { epact += 30 }
        if (epact == 25 && golden > 11) || epact == 24 { epact += 1 }
        var n = 44 - epact
        if n < 21 { n += 30 }
        n = n + 7 - (sunday + n) % 7
        let (month, day) = n > 31 ? (4, n - 31) : (3, n)
        return "\(year)-0\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    static let knownEasters = [
        "1990-04-15", "1991-03-31", "1992-04-19", "1993-04-11", "1994-04-03", "1995-04-16", "1996-04-07",
        "1997-03-30", "1998-04-12", "1999-04-04", "2000-04-23", "2001-04-15", "2002-03-31", "2003-04-20",
        "2004-04-11", "2005-03-27", "2006-04-16", "2007-04-08", "2008-03-23", "2009-04-12", "2010-04-04",
        "2011-04-24", "2012-04-08", "2013-03-31", "2014-04-20", "2015-04-05", "2016-03-27", "2017-04-16",
        "2018-04-01", "2019-04-21", "2020-04-12", "2021-04-04", "2022-04-17", "2023-04-09", "2024-03-31",
        "2025-04-20", "2026-04-05", "2027-03-28", "2038-04-25", "2100-03-28",
    ]

    @Test func easterAgainstAnotherAlgorithm() {
        for year in 1990...2100 {
            #expect(EstonianCalendar.easterSunday(year)?.description == Self.knuthEaster(year), "\(year)")
            #expect(EstonianCalendar.easterSunday(year)?.weekday == 1, "\(year)")
        }
    }

    @Test(arguments: knownEasters)
    func wellKnownEasters(_ text: String) {
        let year = Int(text.prefix(4))!
        #expect(EstonianCalendar.easterSunday(year)?.description == text)
        // A day off only since the Holidays and Anniversaries Act of 1994 (docs/facts.md).
        #expect(
            EstonianCalendar.holidays(in: year).contains {
                $0.date.description == text && $0.name == "Ülestõusmispühade 1. püha" && $0.kind == .publicHoliday
            } == (year >= 1994))
    }

    static let publicHolidays: [Int: [String]] = [
        2025: [
            "2025-01-01 Uusaasta", "2025-02-24 Iseseisvuspäev", "2025-04-18 Suur reede",
            "2025-04-20 Ülestõusmispühade 1. püha", "2025-05-01 Kevadpüha", "2025-06-08 Nelipühade 1. püha",
            "2025-06-23 Võidupüha", "2025-06-24 Jaanipäev", "2025-08-20 Taasiseseisvumispäev",
            "2025-12-24 Jõululaupäev", "2025-12-25 Esimene jõulupüha", "2025-12-26 Teine jõulupüha",
        ],
        2026: [
            "2026-01-01 Uusaasta", "2026-02-24 Iseseisvuspäev", "2026-04-03 Suur reede",
            "2026-04-05 Ülestõusmispühade 1. püha", "2026-05-01 Kevadpüha", "2026-05-24 Nelipühade 1. püha",
            "2026-06-23 Võidupüha", "2026-06-24 Jaanipäev", "2026-08-20 Taasiseseisvumispäev",
            "2026-12-24 Jõululaupäev", "2026-12-25 Esimene jõulupüha", "2026-12-26 Teine jõulupüha",
        ],
        2027: [
            "2027-01-01 Uusaasta", "2027-02-24 Iseseisvuspäev", "2027-03-26 Suur reede",
            "2027-03-28 Ülestõusmispühade 1. püha", "2027-05-01 Kevadpüha", "2027-05-16 Nelipühade 1. püha",
            "2027-06-23 Võidupüha", "2027-06-24 Jaanipäev", "2027-08-20 Taasiseseisvumispäev",
            "2027-12-24 Jõululaupäev", "2027-12-25 Esimene jõulupüha", "2027-12-26 Teine jõulupüha",
        ],
    ]

    @Test(arguments: [2025, 2026, 2027])
    func publicHolidaysOf(_ year: Int) {
        let found = EstonianCalendar.holidays(in: year).filter { $0.kind == .publicHoliday }.map { "\($0.date) \($0.name)" }
        #expect(found == Self.publicHolidays[year])
    }

    @Test func holidaysIntroducedLater() {
        let names1997 = EstonianCalendar.holidays(in: 1997).filter { $0.kind == .publicHoliday }.map(\.name)
        #expect(!names1997.contains("Taasiseseisvumispäev") && names1997.count == 10)
        #expect(EstonianCalendar.holidays(in: 1998).contains { $0.name == "Taasiseseisvumispäev" && $0.date.description == "1998-08-20" })
        let names2004 = EstonianCalendar.holidays(in: 2004).filter { $0.kind == .publicHoliday }.map(\.name)
        #expect(!names2004.contains("Jõululaupäev") && names2004.count == 11)
        #expect(EstonianCalendar.holidays(in: 2005).contains { $0.name == "Jõululaupäev" && $0.date.description == "2005-12-24" })
    }

    @Test(arguments: [1990, 2004, 2024, 2025, 2026, 2027, 2100])
    func folkDays(_ year: Int) throws {
        let folk = EstonianCalendar.holidays(in: year).filter { $0.kind == .folk }
        #expect(folk.count == 58)
        #expect(EstonianCalendar.fixedFolkDays.count == 57)
        let easter = try #require(EstonianCalendar.easterSunday(year))
        #expect(folk.filter { $0.name == "Vastlapäev" }.map(\.date) == [easter.adding(days: -47)])
        #expect(folk.contains { $0.date.description == "\(year)-12-21" && $0.name == "Toomapäev" })
    }

    @Test func folkDaysSharingADateWithAHolidayAreKept() {
        let day = EstonianCalendar.holidays(in: 2026).filter { $0.date.description == "2026-06-24" }
        #expect(day.map(\.name) == ["Jaanipäev", "Jaanipäev"])
        #expect(day.map(\.kind) == [.publicHoliday, .folk])
    }

    @Test func orderedByDateThenPublicFirst() {
        let all = EstonianCalendar.holidays(in: 2026)
        // 12 public holidays, 58 folk days and 16 days of national importance.
        #expect(all.count == 12 + 58 + 16)
        for (a, b) in zip(all, all.dropFirst()) {
            #expect(a.date < b.date || (a.date == b.date && a.kind.rank <= b.kind.rank))
        }
    }

    @Test func aRangeAcrossYears() throws {
        let range = EstonianCalendar.holidays(
            from: try #require(CivilDate(string: "2026-12-24")),
            through: try #require(CivilDate(string: "2027-01-01")))
        #expect(
            range.map { "\($0.date) \($0.name)" } == [
                "2026-12-24 Jõululaupäev", "2026-12-24 Jõulud", "2026-12-25 Esimene jõulupüha", "2026-12-26 Teine jõulupüha",
                "2026-12-26 Tabanipäev", "2026-12-28 Süütalastepäev", "2026-12-31 Näärid", "2027-01-01 Uusaasta", "2027-01-01 Näärid",
            ])
        #expect(EstonianCalendar.holidays(from: CivilDate(string: "2027-01-02")!, through: CivilDate(string: "2027-01-01")!).isEmpty)
    }
}
