import Foundation
import NotifierSystem
import Testing

@testable import NotifierCore
@testable import NotifierEngine
@testable import NotifierHolidays

@Suite struct HolidayDateTests {
    @Test(arguments: [
        "2026-02-30", "2026-2-3", "２０２６-01-01", "2026-01-01T00:00", "", "2026-13-01", "2026-00-10",
        "2026-01-00", "1899-12-31", "2201-01-01", " 2026-01-01", "2026-01-01 ", "2026/01/01", "+026-01-01",
        "2025-02-29", "2026-04-31", "20260101", "2026-01-1a", "٢٠٢٦-01-01",
    ])
    func rejects(_ text: String) {
        #expect(CivilDate(string: text) == nil)
    }

    @Test func parsesAndPrints() throws {
        let date = try #require(CivilDate(string: "2024-02-29"))
        #expect((date.year, date.month, date.day) == (2024, 2, 29))
        #expect(date.description == "2024-02-29")
        #expect(CivilDate(string: "1900-01-01")?.description == "1900-01-01")
        #expect(CivilDate(string: "2200-12-31")?.description == "2200-12-31")
        #expect(CivilDate(string: "2000-02-29") != nil)
        #expect(CivilDate(string: "1900-02-29") == nil)
    }

    @Test func codableAsAString() throws {
        let holiday = Holiday(date: CivilDate(string: "2026-12-24")!, name: "jõululaupäev", kind: .publicHoliday)
        let json = String(decoding: try JSONEncoder().encode(holiday), as: UTF8.self)
        #expect(json.contains(#""date":"2026-12-24""#) && json.contains(#""kind":"public""#))
        #expect(try JSONDecoder().decode(Holiday.self, from: Data(json.utf8)) == holiday)
        let folk = try JSONDecoder().decode(Holiday.self, from: Data(#"{"date":"2026-12-21","name":"Toomapäev","kind":"folk"}"#.utf8))
        #expect(folk.kind == .folk)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CivilDate.self, from: Data(#""2026-02-30""#.utf8))
        }
    }

    @Test func arithmeticMatchesFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = try #require(CivilDate(year: 1899, month: 12, day: 25))
        let noon = calendar.date(from: DateComponents(year: 1899, month: 12, day: 25, hour: 12))!
        var date = start
        var mismatches: [String] = []
        for offset in 0..<(365 * 302) {
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: noon.addingTimeInterval(Double(offset) * 86_400))
            if (date.year, date.month, date.day, date.weekday) != (parts.year!, parts.month!, parts.day!, parts.weekday!)
                || start.daysUntil(date) != offset || date.adding(days: -offset) != start
            {
                mismatches.append("\(offset): \(date)")
                if mismatches.count > 5 { break }
            }
            date = date.adding(days: 1)
        }
        #expect(mismatches.isEmpty)
        #expect(date.year == 2201)
    }

    @Test func ordersAndCounts() throws {
        let a = try #require(CivilDate(string: "2026-12-31"))
        let b = try #require(CivilDate(string: "2027-01-01"))
        #expect(a < b && !(b < a))
        #expect(a.adding(days: 1) == b && a.daysUntil(b) == 1 && b.daysUntil(a) == -1)
        #expect(CivilDate(string: "2026-12-24")!.weekday == 5) // Thursday
    }

    @Test func theDateInATimeZone() {
        let instant = Date(timeIntervalSince1970: 1_798_149_600) // 2026-12-24T22:00:00Z
        #expect(CivilDate(instant, in: TimeZone(identifier: "Europe/Tallinn")!).description == "2026-12-25")
        #expect(CivilDate(instant, in: TimeZone(identifier: "America/Los_Angeles")!).description == "2026-12-24")
    }

    @Test func theHolidayDeepLink() throws {
        let link = DeepLink.holiday(try #require(CivilDate(string: "2026-12-24")))
        #expect(link.arguments == ["open", "holiday", "2026-12-24"])
        #expect(link.url == "notifier://holiday/2026-12-24")
        #expect(link.command == "notifier open holiday 2026-12-24")
        #expect(DeepLink(view: .holiday, argument: "2026-12-24", in: LinkCatalog([.holiday])) == link)
        for hostile in ["2026-02-30", "2026-1-1", "$(rm)", "../x", "2026-12-24\n", ""] {
            #expect(DeepLink(view: .holiday, argument: hostile, in: LinkCatalog([.holiday])) == nil)
        }
    }
}
