import Foundation
import NotifierEngine

/// Days of national importance (riiklikud tähtpäevad): flag days of the Public Holidays and
/// Days of National Importance Act (Pühade ja tähtpäevade seadus, RT I 1998, 13, 162, § 3),
/// each from the day the act or its amendment put it in force (Riigi Teataja, the act's
/// consolidated texts and list of amendments; docs/facts.md). Not days off. Before 23 Feb 1998
/// none are known here.
extension EstonianCalendar {
    enum NationalDayDate: Sendable {
        case fixed(month: Int, day: Int)
        /// The `nth` `weekday` (1 = Sunday … 7 = Saturday) of `month`.
        case nth(Int, weekday: Int, month: Int)
    }

    /// Name, when, in force from (YYYY-MM-DD), the act that added it.
    static let nationalDayTable: [(name: String, date: NationalDayDate, from: String, act: String)] = [
        ("Kolmekuningapäev", .fixed(month: 1, day: 6), "1998-02-23", "RT I 1998, 13, 162"),
        ("Eesti kirjanduse päev", .fixed(month: 1, day: 30), "2022-12-30", "RT I, 20.12.2022, 1"),
        ("Tartu rahulepingu aastapäev", .fixed(month: 2, day: 2), "1998-02-23", "RT I 1998, 13, 162"),
        ("Emakeelepäev", .fixed(month: 3, day: 14), "1999-02-24", "RT I 1999, 18, 299"),
        ("Emadepäev", .nth(2, weekday: 1, month: 5), "1998-02-23", "RT I 1998, 13, 162"),
        ("Lastekaitsepäev", .fixed(month: 6, day: 1), "2020-12-04", "RT I, 24.11.2020, 3"),
        ("Eesti lipu päev", .fixed(month: 6, day: 4), "2004-04-24", "RT I 2004, 29, 193"),
        ("Leinapäev", .fixed(month: 6, day: 14), "1998-02-23", "RT I 1998, 13, 162"),
        ("Kommunismi ja natsismi ohvrite mälestuspäev", .fixed(month: 8, day: 23), "2009-07-06", "RT I 2009, 34, 229"),
        ("Vanavanemate päev", .nth(2, weekday: 1, month: 9), "2010-02-26", "RT I 2010, 7, 27"),
        ("Vastupanuvõitluse päev", .fixed(month: 9, day: 22), "2007-03-23", "RT I 2007, 22, 118"),
        ("Omavalitsuspäev", .fixed(month: 10, day: 1), "2018-06-22", "RT I, 12.06.2018, 2"),
        ("Hõimupäev", .nth(3, weekday: 7, month: 10), "2011-03-19", "RT I, 09.03.2011, 2"),
        ("Hingedepäev", .fixed(month: 11, day: 2), "1998-02-23", "RT I 1998, 13, 162"),
        ("Isadepäev", .nth(2, weekday: 1, month: 11), "1998-02-23", "RT I 1998, 13, 162"),
        ("Taassünni päev", .fixed(month: 11, day: 16), "1998-02-23", "RT I 1998, 13, 162"),
    ]

    /// The days of national importance of `year`, by the law in force on each date.
    public static func nationalDays(year: Int) -> [Holiday] {
        nationalDayTable.compactMap { entry in
            let date: CivilDate?
            switch entry.date {
            case .fixed(let month, let day): date = CivilDate(year: year, month: month, day: day)
            case .nth(let nth, let weekday, let month): date = nthWeekday(nth, weekday: weekday, month: month, year: year)
            }
            guard let date, let from = CivilDate(string: entry.from), date >= from else { return nil }
            return Holiday(date: date, name: entry.name, kind: .national)
        }
    }

    static func nthWeekday(_ nth: Int, weekday: Int, month: Int, year: Int) -> CivilDate? {
        guard let first = CivilDate(year: year, month: month, day: 1) else { return nil }
        let offset = (weekday - first.weekday + 7) % 7
        return CivilDate(year: year, month: month, day: 1 + offset + 7 * (nth - 1))
    }
}
