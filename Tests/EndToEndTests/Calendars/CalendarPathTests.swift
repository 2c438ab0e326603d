import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A calendar path that is not there, and a rule too dense for its window, as a person meets
/// them: each said, in its own place, with the path or the line.
@Suite(.sharingTheMachine) struct CalendarPathTests {
    static let config = """
        [feeds.crypto]
        enabled = false
        [rules.launch_country]
        enabled = false
        [calendars]
        paths = ["~/calendars", "~/nonexistent/work.ics"]
        """

    static func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox(config: Self.config)
        try FileManager.default.createDirectory(at: sandbox.root.appendingPathComponent("calendars"), withIntermediateDirectories: true)
        return sandbox
    }

    @Test func aMissingPathIsAConfigErrorWithItsLineAndAFailingCalendarElsewhere() async throws {
        let sandbox = try Self.sandbox()
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        let check = try await ProcessRunner.notifier(["config", "check"], environment: environment)
        #expect(check.status == 2, "\(check.stdout)\n\(check.stderr)")
        #expect(check.stderr.contains("config.toml:6: calendars.paths: \"~/nonexistent/work.ics\" does not exist"), "\(check.stderr)")

        let once = try await FakeTime.notifier(["--once", "-v", "--output", "json"], at: "2026-11-25 09:00:00", environment: environment)
        let told = once.stderr.split(separator: "\n").filter { $0.contains("nonexistent/work.ics") }
        #expect(told.count == 1 && told.first?.contains("does not exist; its alarms are off") == true, "\(once.stderr)")

        let status = try await ProcessRunner.notifier(["status"], environment: environment)
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("work.ics") && status.stdout.contains("~/nonexistent/work.ics does not exist; its alarms are off"), "\(status.stdout)")
        let json = try await ProcessRunner.notifier(["status", "--json"], environment: environment)
        #expect(json.stdout.contains("\"kind\" : \"calendar\"") || json.stdout.contains("\"kind\": \"calendar\""), "\(json.stdout)")

        let listed = try await ProcessRunner.notifier(["list", "events", "--plain"], environment: environment)
        #expect(listed.stderr.contains("nonexistent/work.ics: does not exist"), "\(listed.stderr)")
    }

    /// Twenty events of every second since 2020, each with an alarm, and one that never occurs,
    /// beside a dentist's appointment: `list events` and `--once` end in seconds (they ran past a minute), one line
    /// names the cut event, and the dentist's alarm still comes.
    @Test func twentySecondlyEventsAreCutInOneLineAndTheOtherEventStaysOnTime() async throws {
        let sandbox = try Self.sandbox()
        let spam = (0..<20).map { index in
            "BEGIN:VEVENT\r\nUID:spam-\(index)@example.org\r\nDTSTAMP:20200101T000000Z\r\nSUMMARY:Spam \(index)\r\nDTSTART:20200101T000000Z\r\n"
                + "RRULE:FREQ=SECONDLY\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT\r\n"
        }
        // And one that can never match (no 30 February), which kept libical stepping through
        // every second without end.
        let never =
            "BEGIN:VEVENT\r\nUID:never@example.org\r\nDTSTAMP:20200101T000000Z\r\nSUMMARY:Never\r\nDTSTART:20200301T090000Z\r\n"
            + "RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30\r\nEND:VEVENT\r\n"
        let dentist =
            "BEGIN:VEVENT\r\nUID:dentist@example.org\r\nDTSTAMP:20200101T000000Z\r\nSUMMARY:Dentist\r\nDTSTART:20261201T100000Z\r\n"
            + "DTEND:20261201T110000Z\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT\r\n"
        try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//notifier tests//EN\r\n" + spam.joined() + never + dentist + "END:VCALENDAR\r\n")
            .write(to: sandbox.root.appendingPathComponent("calendars/spam.ics"), atomically: true, encoding: .utf8)
        let environment = sandbox.environment(["TZ": "UTC"])
        let cutLine = "spam.ics:4: event \"Spam 0\" repeats more than 10000 times (RRULE FREQ=SECONDLY)"
        // Each ran past 60 s; a few seconds now (the bound leaves room for a debug build on a
        // loaded machine).
        let listing = ContinuousClock.now
        let day = try await ProcessRunner.notifier(
            ["list", "events", "--plain", "--from", "2026-12-01", "--to", "2026-12-01"], environment: environment, timeout: .seconds(60))
        let listed = ContinuousClock.now - listing
        #expect(day.status == 0, "\(day.stderr)")
        #expect(listed < .seconds(20), "\(listed)")
        #expect(day.stdout.contains("10:00–11:00  Dentist"), "\(day.stdout.suffix(300))")
        let told = day.stderr.split(separator: "\n").filter { $0.contains(cutLine) }
        #expect(told.count == 1 && told.first?.contains("(and 20 more events cut in this file: \"Spam 1\"") == true, "\(day.stderr)")
        #expect(day.stdout.split(separator: "\n").count <= 40_000 + 20 * 500 + 1)

        // The first pass reads and expands the file (and says it once); the next, at the
        // dentist's alarm, has it from the cache.
        let passing = ContinuousClock.now
        let first = try await FakeTime.notifier(["--once", "--output", "json"], at: "2026-12-01 09:30:00", environment: environment)
        let passed = ContinuousClock.now - passing
        #expect(passed < .seconds(20), "\(passed)")
        #expect(first.stderr.split(separator: "\n").filter { $0.contains(cutLine) }.count == 1, "\(first.stderr)")
        let alarm = try await FakeTime.notifier(["--once", "--output", "json"], at: "2026-12-01 09:46:00", environment: environment)
        #expect(alarm.stdout.contains("\"title\":\"Dentist\""), "the other event's alarm still comes: \(alarm.stdout.prefix(600))\n\(alarm.stderr)")
        #expect(!alarm.stdout.contains("Spam"), "\(alarm.stdout.prefix(600))")
        #expect(!alarm.stderr.contains(cutLine), "said once: \(alarm.stderr)")
    }

    /// An event every 30 minutes makes 10,000 starts in 208 days: cut there, and expanded again
    /// when the window reaches the cut, so its alarms still come months later.
    @Test func aRuleCutFarAheadIsExpandedAgainWhenTheWindowReachesTheCut() async throws {
        let sandbox = try Self.sandbox()
        try
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//notifier tests//EN\r\nBEGIN:VEVENT\r\nUID:half@example.org\r\n"
            + "DTSTAMP:20260101T000000Z\r\nSUMMARY:Half-hourly stretch\r\nDTSTART:20260101T000000Z\r\nRRULE:FREQ=MINUTELY;INTERVAL=30\r\n"
            + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER:-PT5M\r\nEND:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
            .write(to: sandbox.root.appendingPathComponent("calendars/half.ics"), atomically: true, encoding: .utf8)
        let environment = sandbox.environment(["TZ": "UTC"])
        let first = try await FakeTime.notifier(["--once", "--output", "json"], at: "2026-11-25 09:00:00", environment: environment)
        #expect(first.stderr.contains("half.ics:4: event \"Half-hourly stretch\" repeats more than 10000 times"), "\(first.stderr)")
        let later = try await FakeTime.notifier(["--once", "--output", "json"], at: "2027-08-01 09:26:00", environment: environment)
        #expect(later.stdout.contains("Half-hourly stretch"), "past the first cut (2027-06): \(later.stdout.prefix(500))\n\(later.stderr)")
        #expect(!later.stderr.contains("repeats more than"), "said once: \(later.stderr)")
    }

    /// libical (and the system ICU it brings) is opened on the first calendar read: a daemon
    /// whose config has no calendar never maps it; one with a calendar does.
    @Test func theIdleDaemonWithoutCalendarsMapsNoLibical() async throws {
        func mapped(config: String?, calendar: Bool) async throws -> String {
            let sandbox = try Sandbox(config: config)
            if calendar {
                try FileManager.default.createDirectory(at: sandbox.root.appendingPathComponent("calendars"), withIntermediateDirectories: true)
                try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n"
                    .write(to: sandbox.root.appendingPathComponent("calendars/empty.ics"), atomically: true, encoding: .utf8)
            }
            let daemon = try DaemonProcess(["--verbose", "--output", "json"], environment: sandbox.environment(["TZ": "Europe/Tallinn"]))
            #expect(await daemon.waitUntil { $0.stderr.contains("reminders: next due") }, "\(daemon.stderr)")
            let maps = ProcFile.text("/proc/\(daemon.process.processIdentifier)/maps")
            _ = await daemon.stop()
            return maps
        }
        let without = try await mapped(config: "[feeds.crypto]\nenabled = false\n", calendar: false)
        #expect(!without.isEmpty && !without.contains("libical") && !without.contains("libicu"), "\(without)")
        let with = try await mapped(config: "[feeds.crypto]\nenabled = false\n[calendars]\npaths = [\"~/calendars\"]\n", calendar: true)
        #expect(with.contains("libical.so.3"), "\(with)")
    }
}
