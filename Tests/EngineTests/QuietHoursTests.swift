import Foundation
import TestSupport
import Testing

@testable import NotifierEngine

@Suite struct QuietHoursTests {
    static func night() throws -> QuietHours { try QuietHours(start: "22:00", end: "08:00") }
    static func lunch() throws -> QuietHours { try QuietHours(start: "12:30", end: "13:15") }

    /// (hour, minute, quiet at night)
    @Test(arguments: [(21, 59, false), (22, 0, true), (23, 59, true), (0, 0, true), (3, 0, true), (7, 59, true), (8, 0, false), (12, 0, false)])
    func nightHoursWrapMidnight(_ hour: Int, _ minute: Int, _ quiet: Bool) throws {
        let date = TestTime.tallinn(2025, 1, 15, hour, minute)
        #expect(try Self.night().contains(date, calendar: TestTime.tallinn) == quiet)
    }

    @Test(arguments: [(12, 29, false), (12, 30, true), (13, 14, true), (13, 15, false), (23, 0, false)])
    func daytimeHours(_ hour: Int, _ minute: Int, _ quiet: Bool) throws {
        let date = TestTime.tallinn(2025, 1, 15, hour, minute)
        #expect(try Self.lunch().contains(date, calendar: TestTime.tallinn) == quiet)
    }

    @Test func theClockTimeIsTheCalendarsNotUTC() throws {
        // 21:30 UTC is 23:30 in Tallinn in winter.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let date = TestTime.tallinn(2025, 1, 15, 23, 30)
        #expect(try Self.night().contains(date, calendar: TestTime.tallinn))
        #expect(try !Self.night().contains(date, calendar: utc))
    }

    @Test func equalStartAndEndIsNeverQuiet() throws {
        let never = try QuietHours(start: "08:00", end: "08:00")
        #expect(never.isNeverQuiet)
        for hour in 0..<24 {
            #expect(!never.contains(TestTime.tallinn(2025, 1, 15, hour, 0), calendar: TestTime.tallinn))
        }
        let date = TestTime.tallinn(2025, 1, 15, 8, 0)
        #expect(never.end(after: date, calendar: TestTime.tallinn) == date)
    }

    @Test(arguments: [
        // (hour, minute) in quiet hours → when they end
        ((23, 0), (2025, 1, 16, 8, 0)),
        ((22, 0), (2025, 1, 16, 8, 0)),
        ((2, 30), (2025, 1, 15, 8, 0)),
        ((7, 59), (2025, 1, 15, 8, 0)),
    ])
    func endOfTheNight(_ time: (Int, Int), _ end: (Int, Int, Int, Int, Int)) throws {
        let date = TestTime.tallinn(2025, 1, 15, time.0, time.1)
        let expected = TestTime.tallinn(end.0, end.1, end.2, end.3, end.4)
        #expect(try Self.night().end(after: date, calendar: TestTime.tallinn) == expected)
    }

    @Test func outsideQuietHoursTheEndIsNow() throws {
        let date = TestTime.tallinn(2025, 1, 15, 12, 0)
        #expect(try Self.night().end(after: date, calendar: TestTime.tallinn) == date)
    }

    @Test func theEndIsByTheWallClockAcrossADaylightSavingChange() throws {
        // Tallinn moves from +02:00 to +03:00 at 03:00 on 30 March 2025: the night is an hour
        // shorter, but it still ends at 08:00 local time.
        let evening = TestTime.tallinn(2025, 3, 29, 23, 0)
        let end = try Self.night().end(after: evening, calendar: TestTime.tallinn)
        #expect(end == TestTime.tallinn(2025, 3, 30, 8, 0))
        #expect(end.timeIntervalSince(evening) == 8 * 3600)
    }

    @Test(arguments: ["22:00", "7:30", "00:00", "23:59"])
    func parsesClockTimes(_ text: String) throws {
        let time = try QuietHours.ClockTime(parsing: text)
        #expect(time.description == (text.count == 4 ? "0" + text : text))
    }

    @Test(arguments: ["", "24:00", "12:60", "12", "12:5", "1230", "-1:00", "+7:00", "07:00:00", "ab:cd", "٠٧:٣٠", " 7:30", "007:30"])
    func rejectsWhatIsNotAClockTime(_ text: String) {
        #expect(throws: QuietHours.ParseError.invalidClockTime(text)) { try QuietHours.ClockTime(parsing: text) }
    }

    @Test func theParseErrorSaysWhatIsExpected() {
        #expect(QuietHours.ParseError.invalidClockTime("25:00").description == "'25:00' is not a clock time: expected HH:MM between 00:00 and 23:59")
    }

    @Test func roundTripsAsClockText() throws {
        let night = try Self.night()
        #expect(try roundTrip(night) == night)
        let json = String(decoding: try JSONEncoder().encode(night), as: UTF8.self)
        #expect(json.contains(#""start":"22:00""#))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(QuietHours.self, from: Data(#"{"start":"25:00","end":"08:00"}"#.utf8))
        }
    }
}
