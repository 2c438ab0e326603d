import Foundation
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// The cache of a calendar's alarms: what is written is read back, only the window's lines are
/// made into alarms, and no bytes make it fail otherwise than as a miss.
struct CalendarAlarmsTests {
    static let start = Date(timeIntervalSinceReferenceDate: 816_000_000.125)

    static func sample(count: Int = 100) -> CalendarAlarms {
        var alarms = CalendarAlarms(
            file: "/home/a\tb/work.ics", size: 1234, modified: start.addingTimeInterval(-0.3), digest: .max, settings: "zone=Europe/Tallinn",
            from: start.addingTimeInterval(-2 * 86400), to: start.addingTimeInterval(398 * 86400), readAt: start,
            problems: [CalendarProblem(file: "/home/a\tb/work.ics", line: 7, message: "bad \\ line\nhere")],
            cut: [CalendarProblem(file: "/home/a\tb/work.ics", message: "RRULE cut")])
        for index in 0..<count {
            alarms.alarms.append(
                CalendarAlarms.Alarm(
                    at: start.addingTimeInterval(Double(index) * 3600 + 0.001), uid: "uid-\(index)@example.org",
                    key: "2026-11-25T07:45:00Z~-900", summary: index == 3 ? "Tabs\tand\r\nlines \\ ünïcödé 🗓" : "Meeting \(index)",
                    note: "starts 09:10 Wed 2026-11-25 · Room \(index)"))
        }
        return alarms
    }

    @Test func whatIsWrittenIsReadBackExactly() throws {
        let alarms = Self.sample()
        let everything = try #require(
            CalendarAlarms.decode(alarms.encoded(), window: .distantPast ..< .distantFuture, now: .distantFuture, ahead: 0))
        #expect(everything == alarms)
    }

    @Test func onlyTheWindowAndTheNextFewAreMade() throws {
        let alarms = Self.sample()
        let now = Self.start.addingTimeInterval(10 * 3600)
        let window = now.addingTimeInterval(-3 * 3600)..<now.addingTimeInterval(5 * 3600)
        let decoded = try #require(CalendarAlarms.decode(alarms.encoded(), window: window, now: now, ahead: 20))
        #expect(decoded.alarms.map(\.uid) == (7..<30).map { "uid-\($0)@example.org" })
        #expect(decoded.alarms == alarms.sliced(.init(window: window, now: now, ahead: 20, expandOver: alarms.from..<alarms.to)).alarms)
        #expect(decoded.problems == alarms.problems && decoded.cut == alarms.cut)
    }

    @Test func anyBytesAreAMissNotACrash() {
        let encoded = Self.sample(count: 5).encoded()
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 10, 27, 40, 100, encoded.count / 2, encoded.count - 1] {
            _ = CalendarAlarms.decode(encoded.prefix(length), window: .distantPast ..< .distantFuture, now: .distantPast, ahead: 10)
        }
        for _ in 0..<500 {
            var bytes = [UInt8](encoded)
            for _ in 0..<3 { bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            _ = CalendarAlarms.decode(Data(bytes), window: .distantPast ..< .distantFuture, now: .distantPast, ahead: 10)
        }
        #expect(CalendarAlarms.decode(Data("notifier-calendar-alarms 2\n".utf8), window: .distantPast ..< .distantFuture, now: .distantPast, ahead: 1) == nil)
    }
}
