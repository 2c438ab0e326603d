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

    @Test func aSecondlyEventBegunTenDaysBeforeListsItsDayAndACutRuleSaysSoInOneLine() async throws {
        let sandbox = try Self.sandbox()
        try
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//notifier tests//EN\r\nBEGIN:VEVENT\r\nUID:tick@example.org\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:Tick\r\nDTSTART:20261121T000000Z\r\nRRULE:FREQ=SECONDLY\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            .write(to: sandbox.root.appendingPathComponent("calendars/tick.ics"), atomically: true, encoding: .utf8)
        let environment = sandbox.environment(["TZ": "UTC"])
        // 86,400 and 200,000 lines: seconds of work for the debug build, minutes on a loaded machine.
        let day = try await ProcessRunner.notifier(
            ["list", "events", "--plain", "--from", "2026-12-01", "--to", "2026-12-01"], environment: environment, timeout: .seconds(300))
        #expect(day.status == 0, "\(day.stderr)")
        let lines = day.stdout.split(separator: "\n")
        #expect(lines.count == 86400, "\(lines.prefix(2))")
        #expect(lines.first == "Tue 2026-12-01 00:00–00:00  Tick", "\(lines.prefix(2))")
        #expect(!day.stderr.contains("RRULE"), "\(day.stderr)")
        let week = try await ProcessRunner.notifier(
            ["list", "events", "--plain", "--from", "2026-12-01", "--to", "2026-12-07"], environment: environment, timeout: .seconds(300))
        let cut = week.stderr.split(separator: "\n").filter { $0.contains("tick.ics:4: RRULE FREQ=SECONDLY makes more than 200000 occurrences") }
        #expect(cut.count == 1, "\(week.stderr)")
        #expect(week.stdout.hasPrefix("Tue 2026-12-01 00:00–00:00  Tick"), "\(week.stdout.prefix(200))")
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
