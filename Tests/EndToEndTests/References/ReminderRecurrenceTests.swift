import Foundation
import NotifierEngine
import NotifierSystem
import TestSupport
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

/// `every` expanded as `notifier next` does, against python-dateutil's rrule (an independent
/// RFC 5545 implementation, with zoneinfo for the zones) over two years in two zones, across
/// their daylight-saving changes; holiday skips against the Estonian calendar (notifier's own,
/// and the `holidays` package's).
@Suite(.sharingTheMachine) struct ReminderRecurrenceTests {
    /// Expressions and times: 03:30 falls in Tallinn's missing and repeated hours, 02:30 and
    /// 01:30 in New York's.
    static let expressions: [(every: String, at: String)] = [
        ("daily", "09:45"), ("daily", "03:30"), ("daily", "02:30"), ("daily", "01:30"),
        ("weekdays", "09:45"), ("weekends", "03:30"), ("mon,thu", "08:00"), ("sat", "02:30"),
        ("monthly 1", "00:00"), ("monthly 31", "12:00"), ("monthly -1", "23:59"), ("monthly last fri", "16:00"),
        ("monthly 2nd tue", "03:30"), ("yearly 12-24", "18:00"), ("yearly 02-29", "10:00"),
        ("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE", "09:00"),
        ("RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "10:00"),
        ("RRULE:FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", "13:13"),
        ("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "03:30"),
        ("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "01:30"),
        ("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "02:30"),
        ("RRULE:FREQ=DAILY;INTERVAL=3", "07:00"),
        ("RRULE:FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15", "03:30"),
        ("RRULE:FREQ=YEARLY;BYYEARDAY=100,200,-1", "12:00"),
        ("RRULE:FREQ=YEARLY;BYWEEKNO=1,53;BYDAY=MO", "09:00"),
        ("RRULE:FREQ=MONTHLY;BYMONTH=1,4,7,10;BYMONTHDAY=1", "09:00"),
        ("RRULE:FREQ=DAILY;BYMONTH=3,10,11", "03:30"),
        ("RRULE:FREQ=WEEKLY;BYDAY=SU;UNTIL=20270301", "01:30"),
    ]

    static let zones = ["Europe/Tallinn", "America/New_York"]

    static func schedule(_ every: String, _ at: String, zone: String, skip: String = "") throws -> ReminderSchedule {
        try #require(ReminderTime.schedule(at: at, every: every, skip: skip, timeZone: zone), "\(every) at \(at)")
    }

    static func instant(_ text: String, zone: String) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let day = CivilDate(string: text)!
        return calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))!
    }

    struct Reference: Decodable {
        var dates: [[Int]]
        var holidays: [String]
    }

    static func reference(zone: String, rules: [(rrule: String, hour: Int, minute: Int)]) async throws -> Reference {
        let spec: [String: Any] = [
            "zone": zone, "from": "2026-01-01T00:00:00", "until": "2028-01-01T00:00:00",
            "rules": rules.map { ["rrule": $0.rrule, "hour": $0.hour, "minute": $0.minute] },
        ]
        let printed = try await ReferenceScript.run("reminder-reference", input: spec)
        return try JSONDecoder().decode(Reference.self, from: Data(printed.utf8))
    }

    @Test(arguments: zones)
    func everyExpressionExpandsAsDateutilDoes(zone: String) async throws {
        let parsed = try Self.expressions.map { item in
            (every: try EveryExpression(parsing: item.every), clock: try #require(ReminderTime.clock(item.at)))
        }
        let reference = try await Self.reference(zone: zone, rules: parsed.map { ($0.every.rruleText, $0.clock.hour, $0.clock.minute) })
        let from = Self.instant("2026-01-01", zone: zone)
        let through = Self.instant("2028-01-01", zone: zone)
        var compared = 0
        for (index, item) in Self.expressions.enumerated() {
            let ours = try Self.schedule(item.every, item.at, zone: zone).occurrences(from: from, through: through).map { Int($0.date.timeIntervalSince1970) }
            let theirs = reference.dates[index]
            #expect(
                ours == theirs,
                "\(item.every) at \(item.at) in \(zone) (\(parsed[index].every.rruleText)): \(ours.count) dates, dateutil \(theirs.count); first difference: \(Array(zip(ours, theirs).filter { $0 != $1 }.prefix(1)))"
            )
            compared += theirs.count
        }
        #expect(compared > 3000)
    }

    @Test func daylightSavingIsStatedAndATimeThatHappensTwiceFiresOnce() throws {
        let tallinn = try Self.schedule("daily", "03:30", zone: "Europe/Tallinn")
        let spring = tallinn.occurrences(from: Self.instant("2026-03-28", zone: "Europe/Tallinn"), count: 3)
        #expect(spring.map(\.key) == ["2026-03-28T03:30", "2026-03-29T03:30", "2026-03-30T03:30"])
        #expect(spring[1].line(in: tallinn.timeZone) == "Sun 2026-03-29 04:30 +03:00  daylight saving: 03:30 does not exist that day")
        let autumn = tallinn.occurrences(from: Self.instant("2026-10-24", zone: "Europe/Tallinn"), count: 3)
        #expect(autumn.map(\.key) == ["2026-10-24T03:30", "2026-10-25T03:30", "2026-10-26T03:30"])
        #expect(autumn[1].line(in: tallinn.timeZone) == "Sun 2026-10-25 03:30 +03:00  daylight saving: this time happens twice that day; once, the first")
        #expect(autumn[2].date.timeIntervalSince(autumn[1].date) == 25 * 3600)
    }

    @Test func holidaysAreSkippedOrMovedToAWorkingDay() async throws {
        let zone = "Europe/Tallinn"
        let reference = try await Self.reference(zone: zone, rules: [])
        let theirs = Set(reference.holidays.filter { $0 < "2028" })
        let ours = Set((2026...2027).flatMap { EstonianCalendar.holidays(in: $0) }.filter { $0.kind == .publicHoliday }.map(\.date.description))
        #expect(ours == theirs, "EstonianCalendar's days off differ from the holidays package's")
        let from = Self.instant("2026-01-01", zone: zone)
        let through = Self.instant("2028-01-01", zone: zone)

        let skipping = try Self.schedule("weekdays", "09:45", zone: zone, skip: "holidays").occurrences(from: from, through: through)
        let plain = try Self.schedule("weekdays", "09:45", zone: zone).occurrences(from: from, through: through)
        #expect(Set(skipping.filter(\.skipped).map(\.day.description)) == Set(plain.map(\.day.description)).intersection(theirs))
        #expect(!skipping.filter { !$0.skipped }.contains { theirs.contains($0.day.description) })
        #expect(skipping.filter { !$0.skipped }.count == plain.count - skipping.filter(\.skipped).count)

        for (policy, step) in [("holidays-before", -1), ("holidays-after", 1)] {
            let moved = try Self.schedule("monthly 24", "10:00", zone: zone, skip: policy).occurrences(from: from, through: through)
            let christmasEve = try #require(moved.first { $0.day.description == "2026-12-24" })
            // Thursday 24 December, 25 and 26 holidays too, then a weekend: before is the 23rd, after Monday the 28th.
            #expect(christmasEve.movedTo?.description == (step < 0 ? "2026-12-23" : "2026-12-28"))
            #expect(christmasEve.line(in: TimeZone(identifier: zone)!).contains("moved from Thu 2026-12-24 (Jõululaupäev)"))
            for occurrence in moved {
                let fires = occurrence.movedTo ?? occurrence.day
                #expect(!theirs.contains(fires.description), "\(policy): fires on a holiday, \(fires)")
                if let target = occurrence.movedTo { #expect(target.weekday != 1 && target.weekday != 7) }
            }
        }
    }

    @Test(arguments: [
        ("fortnightly", "not a form notifier knows"),
        ("monthly 32", "monthly takes a day of the month"),
        ("yearly 02-30", "yearly takes a month and day"),
        ("RRULE:FREQ=HOURLY", "FREQ=HOURLY is not one notifier schedules"),
        ("RRULE:FREQ=DAILY;COUNT=3", "COUNT needs a start date"),
        ("RRULE:FREQ=DAILY;BYHOUR=9", "BYHOUR is not needed: the time of day is the reminder's `at`"),
        ("RRULE:FREQ=WEEKLY;BYDAY=1MO", "place works only with MONTHLY or YEARLY"),
    ])
    func aWrongExpressionSaysWhatToWrite(text: String, message: String) {
        #expect(throws: (any Error).self) { try EveryExpression(parsing: text) }
        do throws(EveryExpression.ParseError) { _ = try EveryExpression(parsing: text) } catch { #expect(error.message.contains(message), "\(error.message)") }
    }
}
