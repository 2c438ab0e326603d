import Foundation
import NotifierCore
import NotifierEngine
import NotifierReminders
import NotifierSystem
import Testing

/// The calendar layer on calendars written here for each edge: recurrence, exceptions,
/// overrides, zones (Olson and Windows), alarms of every kind, cancelled and declined events,
/// broken files and unbounded rules.
@Suite struct CalendarExpansionTests {
    static let tallinn = TimeZone(identifier: "Europe/Tallinn")!

    static func calendar(_ body: String, zoneBlock: String = "") -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//notifier tests//EN\r\n\(zoneBlock)\(body)END:VCALENDAR\r\n"
    }

    static func event(_ lines: String) -> String {
        "BEGIN:VEVENT\r\nDTSTAMP:20260101T000000Z\r\n" + lines.split(separator: "\n").map { $0 + "\r\n" }.joined() + "END:VEVENT\r\n"
    }

    static func instant(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    static func expand(
        _ text: String, from: String = "2026-01-01T00:00:00Z", to: String = "2027-01-01T00:00:00Z",
        allDayAt: (Int, Int) = (9, 0), defaultAlarm: TimeInterval? = nil
    ) throws -> [EventOccurrence] {
        let parsed = try CalendarParser.parse(text, file: "test.ics")
        #expect(parsed.problems.isEmpty, "\(parsed.problems)")
        return CalendarExpansion(local: tallinn, allDayAt: allDayAt, defaultAlarm: defaultAlarm)
            .occurrences(of: parsed.events, file: "test.ics", from: instant(from), to: instant(to))
    }

    @Test func weeklyWithExdateAndAMovedOccurrence() throws {
        let text = Self.calendar(
            Self.event(
                """
                UID:weekly
                SUMMARY:Stand-up
                DTSTART;TZID=Europe/Tallinn:20260302T094500
                DURATION:PT15M
                RRULE:FREQ=WEEKLY;COUNT=4
                EXDATE;TZID=Europe/Tallinn:20260309T094500
                """)
                + Self.event(
                    """
                    UID:weekly
                    SUMMARY:Stand-up (moved)
                    RECURRENCE-ID;TZID=Europe/Tallinn:20260316T094500
                    DTSTART;TZID=Europe/Tallinn:20260317T110000
                    DURATION:PT15M
                    """))
        let occurrences = try Self.expand(text)
        #expect(
            occurrences.map(\.start) == [
                Self.instant("2026-03-02T07:45:00Z"), Self.instant("2026-03-17T09:00:00Z"),
                Self.instant("2026-03-23T07:45:00Z"),
            ])
        #expect(occurrences[1].summary == "Stand-up (moved)")
        #expect(occurrences[0].end.timeIntervalSince(occurrences[0].start) == 900)
    }

    @Test func acrossTheSpringChangeTheWallTimeStays() throws {
        let text = Self.calendar(
            Self.event(
                """
                UID:daily
                DTSTART;TZID=Europe/Tallinn:20260328T090000
                RRULE:FREQ=DAILY;COUNT=3
                """))
        let starts = try Self.expand(text).map(\.start)
        #expect(starts == [Self.instant("2026-03-28T07:00:00Z"), Self.instant("2026-03-29T06:00:00Z"), Self.instant("2026-03-30T06:00:00Z")])
    }

    @Test(arguments: [
        ("GMT Standard Time", "2026-06-01T08:00:00Z"), ("FLE Standard Time", "2026-06-01T06:00:00Z"),
        ("/mozilla.org/20050126_1/Europe/Berlin", "2026-06-01T07:00:00Z"), ("\"Europe/Tallinn\"", "2026-06-01T06:00:00Z"),
    ])
    func zoneNamesOutlookAndOthersWrite(zone: String, expected: String) throws {
        let text = Self.calendar(Self.event("UID:z\nDTSTART;TZID=\(zone):20260601T090000\nDURATION:PT1H"))
        #expect(try Self.expand(text).map(\.start) == [Self.instant(expected)])
    }

    @Test func alarmsRelativeToStartAndEndAndAbsolute() throws {
        let text = Self.calendar(
            Self.event(
                """
                UID:alarms
                DTSTART:20260601T100000Z
                DTEND:20260601T110000Z
                BEGIN:VALARM
                ACTION:DISPLAY
                TRIGGER:-PT15M
                END:VALARM
                BEGIN:VALARM
                ACTION:DISPLAY
                TRIGGER;RELATED=END:PT5M
                END:VALARM
                BEGIN:VALARM
                ACTION:DISPLAY
                TRIGGER;VALUE=DATE-TIME:20260531T180000Z
                END:VALARM
                """))
        let occurrence = try #require(try Self.expand(text).first)
        #expect(occurrence.alarms == [Self.instant("2026-05-31T18:00:00Z"), Self.instant("2026-06-01T09:45:00Z"), Self.instant("2026-06-01T11:05:00Z")])
    }

    @Test func anAllDayEventsOwnAlarmCountsFromItsMidnightNotAllDayAt() throws {
        let text = Self.calendar(
            Self.event("UID:day\nDTSTART;VALUE=DATE:20260624\nBEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT15H\nEND:VALARM"))
        let occurrence = try #require(try Self.expand(text, allDayAt: (18, 0), defaultAlarm: 900).first)
        #expect(occurrence.alarms == [Self.instant("2026-06-23T06:00:00Z")], "09:00 Tallinn (+03:00) the day before; no default alarm beside it")
    }

    @Test func theDefaultAlarmOfAnAllDayEventCountsFromAllDayAt() throws {
        let text = Self.calendar(Self.event("UID:day\nDTSTART;VALUE=DATE:20260624\nSUMMARY:Jaanipäev"))
        let occurrence = try #require(try Self.expand(text, defaultAlarm: 900).first)
        #expect(occurrence.allDay && occurrence.day == CivilDate(year: 2026, month: 6, day: 24))
        #expect(occurrence.alarms == [Self.instant("2026-06-24T05:45:00Z")], "09:00 Tallinn (+03:00) less 15 min")
    }

    @Test func cancelledEventsAndDeclinedInvitationsRaiseNothing() throws {
        let text = Self.calendar(
            Self.event(
                """
                UID:cancelled
                DTSTART:20260601T100000Z
                STATUS:CANCELLED
                BEGIN:VALARM
                TRIGGER:-PT15M
                END:VALARM
                """)
                + Self.event(
                    """
                    UID:declined
                    DTSTART:20260602T100000Z
                    ATTENDEE;PARTSTAT=DECLINED:mailto:me@example.org
                    BEGIN:VALARM
                    TRIGGER:-PT15M
                    END:VALARM
                    """))
        let occurrences = try Self.expand(text)
        #expect(occurrences.map(\.uid) == ["declined"], "a declined event still takes place; a cancelled one does not")
        #expect(occurrences.first?.alarms == [])
    }

    @Test func rdateAddsAndAnUnboundedRuleExpandsOnlyTheWindow() throws {
        let text = Self.calendar(
            Self.event(
                """
                UID:minutely
                DTSTART:20000101T000000Z
                RRULE:FREQ=MINUTELY
                """)
                + Self.event(
                    """
                    UID:rdate
                    DTSTART:20260105T120000Z
                    RDATE:20260110T120000Z,20260120T120000Z
                    """))
        let occurrences = try Self.expand(text, from: "2026-01-01T00:00:00Z", to: "2026-01-01T01:00:00Z")
        #expect(occurrences.count == 60)
        let rdates = try Self.expand(text, from: "2026-01-02T00:00:00Z", to: "2026-02-01T00:00:00Z").filter { $0.uid == "rdate" }
        #expect(rdates.map(\.day.day) == [5, 10, 20])
    }

    @Test func aSecondlyRuleBegunLongBeforeStartsAtTheWindowAndACutRuleSaysSo() throws {
        let text = Self.calendar(Self.event("UID:tick\nSUMMARY:Tick\nDTSTART:20261121T000000Z\nRRULE:FREQ=SECONDLY"))
        let parsed = try CalendarParser.parse(text, file: "tick.ics")
        let expansion = CalendarExpansion(local: Self.tallinn)
        let hour = expansion.expand(parsed.events, file: "tick.ics", from: Self.instant("2026-12-01T00:00:00Z"), to: Self.instant("2026-12-01T01:00:00Z"))
        #expect(hour.occurrences.count == 3600 && hour.cut.isEmpty, "\(hour.occurrences.count) \(hour.cut)")
        #expect(hour.occurrences.first?.start == Self.instant("2026-12-01T00:00:00Z"))
        let day = expansion.expand(parsed.events, file: "tick.ics", from: Self.instant("2026-12-01T00:00:00Z"), to: Self.instant("2026-12-02T00:00:00Z"))
        #expect(day.occurrences.count == ExpansionBudget.perEvent)
        #expect(day.occurrences.first?.start == Self.instant("2026-12-01T00:00:00Z"))
        #expect(
            day.cut.map(\.description) == [
                "tick.ics:4: event \"Tick\" repeats more than 10000 times (RRULE FREQ=SECONDLY); its occurrences after 2026-12-01T02:46:39Z are left out"
            ])
    }

    /// Twenty rules of every second since 2020 with alarms, and a dentist's appointment: a few
    /// take the file's steps, the others their floor, one line names them, the dentist stays.
    @Test func twentySecondlyRulesShareTheFilesBudgetAndAreToldInOneLine() throws {
        let spam = (0..<20).map {
            Self.event(
                "UID:spam-\($0)\nSUMMARY:Spam \($0)\nDTSTART:20200101T000000Z\nRRULE:FREQ=SECONDLY\nBEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT15M\nEND:VALARM")
        }
        let dentist = Self.event("UID:dentist\nSUMMARY:Dentist\nDTSTART:20261201T100000Z\nDURATION:PT1H\nRRULE:FREQ=DAILY;COUNT=3")
        let parsed = try CalendarParser.parse(Self.calendar(spam.joined() + dentist), file: "spam.ics")
        var budget = ExpansionBudget()
        let started = ContinuousClock.now
        let day = CalendarExpansion(local: Self.tallinn)
            .expand(parsed.events, file: "spam.ics", from: Self.instant("2026-12-01T00:00:00Z"), to: Self.instant("2026-12-02T00:00:00Z"), budget: &budget)
        #expect(ContinuousClock.now - started < .seconds(20), "bounded work, even for the debug build on a busy machine")
        #expect(day.occurrences.filter { $0.uid == "dentist" }.map(\.start) == [Self.instant("2026-12-01T10:00:00Z")])
        let perEvent = Dictionary(grouping: day.occurrences, by: \.uid).mapValues(\.count)
        #expect(perEvent.values.reduce(0, +) <= ExpansionBudget.perFile + 20 * ExpansionBudget.floor + 1)
        // The last ones had their floor only, spent on the alarms' margin before the window.
        #expect((perEvent["spam-19"] ?? 0) <= ExpansionBudget.floor && perEvent.count < 21, "\(perEvent)")
        #expect(day.cut.count == 1)
        let line = day.cut.first?.description ?? ""
        #expect(line.hasPrefix("spam.ics:4: event \"Spam 0\" repeats more than 10000 times (RRULE FREQ=SECONDLY)"), "\(line)")
        #expect(line.hasSuffix("(and 19 more events cut in this file: \"Spam 1\", \"Spam 2\", \"Spam 3\", …)"), "\(line)")
        #expect(budget.passLeft <= ExpansionBudget.perPass - ExpansionBudget.perFile)
    }

    /// A rule of every second that can never match (no 30 February) kept libical's iterator
    /// going without end: expanded in a child bounded in time, it is cut and said so; a rule of
    /// every minute with BY parts still makes its two starts a day.
    @Test func aFineRuleWithByPartsIsBoundedInTime() throws {
        let text = Self.calendar(
            Self.event("UID:never\nSUMMARY:Never\nDTSTART:20200301T090000Z\nRRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30")
                + Self.event("UID:twice\nDTSTART:20200301T090000Z\nRRULE:FREQ=MINUTELY;BYHOUR=9;BYMINUTE=0,30"))
        let parsed = try CalendarParser.parse(text, file: "by.ics")
        var budget = ExpansionBudget()
        let started = ContinuousClock.now
        let day = CalendarExpansion(local: Self.tallinn)
            .expand(parsed.events, file: "by.ics", from: Self.instant("2026-12-01T00:00:00Z"), to: Self.instant("2026-12-02T00:00:00Z"), budget: &budget)
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(day.occurrences.map(\.start) == [Self.instant("2026-12-01T09:00:00Z"), Self.instant("2026-12-01T09:30:00Z")])
        #expect(day.cut.first?.description.hasPrefix("by.ics:4: event \"Never\" takes too long to expand") == true, "\(day.cut)")
        #expect(budget.timeLeft < ExpansionBudget.perPassTime)
    }

    /// A pass's budget spent by one file leaves every event of the next its floor.
    @Test func aSpentPassLeavesTheNextFilesEventsTheirFloor() throws {
        let parsed = try CalendarParser.parse(Self.calendar(Self.event("UID:hourly\nDTSTART:20260101T000000Z\nRRULE:FREQ=HOURLY")), file: "h.ics")
        var budget = ExpansionBudget(pass: 0)
        let expanded = CalendarExpansion(local: Self.tallinn)
            .expand(parsed.events, file: "h.ics", from: Self.instant("2026-12-01T00:00:00Z"), to: Self.instant("2027-12-01T00:00:00Z"), budget: &budget)
        #expect(expanded.occurrences.count == ExpansionBudget.floor)
        #expect(expanded.cut.count == 1)
    }

    /// COUNT and a fine rule without BY parts: started at the window, the occurrences skipped
    /// still count, as python-dateutil's rrule gives them (2026-01-14T21:19 is the 20,000th).
    @Test func aCountedFineRuleStartsAtTheWindowAndStillEndsWhereItsCountDoes() throws {
        let text = Self.calendar(Self.event("UID:counted\nDTSTART:20260101T000000Z\nRRULE:FREQ=MINUTELY;COUNT=20000"))
        let parsed = try CalendarParser.parse(text, file: "c.ics")
        var budget = ExpansionBudget()
        let starts = CalendarExpansion(local: Self.tallinn)
            .expand(parsed.events, file: "c.ics", from: Self.instant("2026-01-14T21:00:00Z"), to: Self.instant("2026-01-14T22:00:00Z"), budget: &budget)
            .occurrences.map(\.start)
        #expect(starts.count == 20 && starts.first == Self.instant("2026-01-14T21:00:00Z") && starts.last == Self.instant("2026-01-14T21:19:00Z"))
        #expect(budget.passLeft > ExpansionBudget.perPass - 100, "started at the window, not at DTSTART")
        let past = CalendarExpansion(local: Self.tallinn)
            .occurrences(of: parsed.events, file: "c.ics", from: Self.instant("2026-02-01T00:00:00Z"), to: Self.instant("2026-03-01T00:00:00Z"))
        #expect(past.isEmpty)
    }

    @Test(arguments: [
        ("FREQ=SECONDLY;INTERVAL=7", 7), ("FREQ=MINUTELY;INTERVAL=7", 420), ("FREQ=HOURLY;INTERVAL=5", 18000), ("FREQ=DAILY;INTERVAL=3", 259_200),
    ])
    func aFineRuleStartedAtTheWindowKeepsItsStepFromDtstart(rule: String, step: Int) throws {
        // In UTC: libical steps a zone's series in its wall time, which a DST change shifts.
        let text = Self.calendar(Self.event("UID:fine\nDTSTART:20260301T071013Z\nRRULE:\(rule)"))
        let parsed = try CalendarParser.parse(text, file: "fine.ics")
        let from = Self.instant("2026-06-10T12:34:56Z")
        let starts = CalendarExpansion(local: Self.tallinn)
            .occurrences(of: parsed.events, file: "fine.ics", from: from, to: from.addingTimeInterval(4 * 86400)).map(\.start)
        let dtstart = Self.instant("2026-03-01T07:10:13Z")
        let offsets = starts.map { Int($0.timeIntervalSince(dtstart)) }
        #expect(!starts.isEmpty && offsets.allSatisfy { $0 % step == 0 }, "\(starts.prefix(3))")
        #expect(starts.first.map { $0 >= from && $0 < from.addingTimeInterval(Double(step)) } == true, "\(starts.prefix(3))")
    }

    @Test func aBrokenEventNamesItsLineAndTheOthersStay() throws {
        let text = Self.calendar(Self.event("UID:good\nDTSTART:20260601T100000Z") + Self.event("UID:bad\nSUMMARY:no start"))
        let parsed = try CalendarParser.parse(text, file: "cal.ics")
        #expect(parsed.events.map(\.uid) == ["good"])
        #expect(parsed.problems.map(\.description) == ["cal.ics:9: an event without DTSTART; left out"])
    }

    @Test func eventsAreNamedByTheLineOfTheirBeginWhateverTheLineEnds() throws {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nX-NOTE:BEGIN:VEVENT\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20260601T100000Z\r\n"
            + "END:VEVENT\n\nBEGIN:VEVENT\nUID:b\nDTSTART:20260601T100000Z\nEND:VEVENT\nEND:VCALENDAR\n"
        #expect(try CalendarParser.parse(text, file: "x.ics").events.map(\.line) == [5, 10])
    }

    @Test func notACalendarIsOneLineNamingTheFile() {
        #expect(throws: CalendarProblem.self) { try CalendarParser.parse("hello\nworld\n", file: "notes.ics") }
        do {
            _ = try CalendarParser.parse("this is not\na calendar", file: "notes.ics")
        } catch {
            #expect(error.description.hasPrefix("notes.ics"))
        }
    }

    @Test func aHugeTextIsRefused() {
        // From bytes: `String(repeating:count:)` appends a character at a time, near a second here.
        let huge = String(decoding: [UInt8](repeating: UInt8(ascii: "X"), count: CalendarParser.maxBytes + 1), as: UTF8.self)
        #expect(throws: CalendarProblem.self) { try CalendarParser.parse(huge, file: "big.ics") }
    }
}
