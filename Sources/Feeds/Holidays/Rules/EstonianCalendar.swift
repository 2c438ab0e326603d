import Foundation
import NotifierEngine

/// The Estonian public holidays and folk-calendar days, computed from embedded rules: no network.
public enum EstonianCalendar {
    /// The first year whose public holidays are known here: the Public Holidays and Days of
    /// National Importance Act of the restored republic (from 1991; docs/facts.md). Earlier
    /// years (the Russian Empire before 1918, the first republic 1918–1940, whose holidays
    /// were other ones, and the Soviet years) have only the folk calendar.
    public static let firstYearWithPublicHolidays = 1991

    public static func publicHolidaysKnown(in year: Int) -> Bool {
        year >= firstYearWithPublicHolidays
    }

    /// Every event of `year`, by date, public holidays first within a date; for a year whose
    /// public holidays are not known, the folk days only.
    public static func holidays(in year: Int) -> [Holiday] {
        guard let easter = easterSunday(year) else { return [] }
        var result: [Holiday] = []
        func add(_ month: Int, _ day: Int, _ name: String, _ kind: Holiday.Kind) {
            if let date = CivilDate(year: year, month: month, day: day) {
                result.append(Holiday(date: date, name: name, kind: kind))
            }
        }
        func add(_ date: CivilDate, _ name: String, _ kind: Holiday.Kind) {
            result.append(Holiday(date: date, name: name, kind: kind))
        }
        if publicHolidaysKnown(in: year) { result = publicHolidays(year: year, easter: easter) }
        result += nationalDays(year: year)
        for folk in fixedFolkDays { add(folk.month, folk.day, folk.name, .folk) }
        add(easter.adding(days: -47), "Vastlapäev", .folk)
        return result.sorted(by: Holiday.precedes)
    }

    /// The law's days off, each from the year it was first one.
    private static func publicHolidays(year: Int, easter: CivilDate) -> [Holiday] {
        var result: [Holiday] = []
        func add(_ month: Int, _ day: Int, _ name: String, _ kind: Holiday.Kind) {
            if let date = CivilDate(year: year, month: month, day: day) {
                result.append(Holiday(date: date, name: name, kind: kind))
            }
        }
        func add(_ date: CivilDate, _ name: String, _ kind: Holiday.Kind) {
            result.append(Holiday(date: date, name: name, kind: kind))
        }
        add(1, 1, "Uusaasta", .publicHoliday)
        add(2, 24, "Iseseisvuspäev", .publicHoliday)
        // The Holidays and Anniversaries Act of 1994 added the church holidays and renamed 1 May;
        // until then the 1990 decree's days applied, with 16 November (docs/facts.md).
        if year >= 1994 {
            add(easter.adding(days: -2), "Suur reede", .publicHoliday)
            add(easter, "Ülestõusmispühade 1. püha", .publicHoliday)
            add(easter.adding(days: 49), "Nelipühade 1. püha", .publicHoliday)
        }
        add(5, 1, year >= 1994 ? "Kevadpüha" : "Töörahva rahvusvahelise solidaarsuse päev", .publicHoliday)
        add(6, 23, "Võidupüha", .publicHoliday)
        add(6, 24, "Jaanipäev", .publicHoliday)
        if year >= 1998 { add(8, 20, "Taasiseseisvumispäev", .publicHoliday) }
        if year <= 1993 { add(11, 16, "Taassünnipäev", .publicHoliday) }
        if year >= 2005 { add(12, 24, "Jõululaupäev", .publicHoliday) }
        add(12, 25, "Esimene jõulupüha", .publicHoliday)
        add(12, 26, "Teine jõulupüha", .publicHoliday)
        return result
    }

    /// Every event from `from` through `through`, both included, in the same order.
    public static func holidays(from: CivilDate, through: CivilDate) -> [Holiday] {
        guard from <= through else { return [] }
        return (from.year...through.year).flatMap { holidays(in: $0) }
            .filter { $0.date >= from && $0.date <= through }
    }

    /// Easter Sunday by the anonymous Gregorian algorithm; `nil` for years before 1583 or
    /// beyond 9999.
    public static func easterSunday(_ year: Int) -> CivilDate? {
        guard (1583...9999).contains(year) else { return nil }
        let a = year % 19
        let b = year / 100
        let c = year % 100
        let d = b / 4
        let e = b % 4
        let f = (b + 8) / 25
        let g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4
        let k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return CivilDate(year: year, month: month, day: day)
    }
}

/// Estonia's public holidays as the days off a reminder's `skip` heeds.
public struct EstonianDaysOff: HolidayCalendar {
    public init() {}

    public var name: String { "EE" }

    public func daysOff(in year: Int) -> [CivilDate: String] {
        var names: [CivilDate: String] = [:]
        for holiday in EstonianCalendar.holidays(in: year) where holiday.kind == .publicHoliday {
            names[holiday.date] = names[holiday.date] ?? holiday.name
        }
        return names
    }
}
