import Foundation
import TestSupport
import Testing

/// A calendar path that is not there, as a person meets it: said in each place, with the path.
@Suite struct CalendarPathTests {
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
}
