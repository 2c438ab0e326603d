import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Days of national importance as a user meets them.
@Suite(.sharingTheMachine) struct NationalDaysCLITests {
    @Test func theWeekDrawsThemApartOnATerminal() async throws {
        let sandbox = try Sandbox(holidays: true)
        let session = try await TmuxSession(
            InteractiveCountryTests.command(["open", "holiday", "2026-06-14"]),
            environment: sandbox.environment(["TERM": "xterm-256color"]))
        #expect(await session.waitFor("◆ Leinapäev"), "\(session.lastSeen)")
        #expect(session.lastSeen.contains("◆ national day (flag day)"), "\(session.lastSeen)")
        try await session.send("q")
        try await InteractiveCountryTests.expectSane(session, view: "Week of")
    }

    @Test func openHolidayAndItsJSONSayTheKind() async throws {
        let sandbox = try Sandbox()
        let plain = try await ProcessRunner.notifier(["open", "holiday", "2026-02-02"], environment: sandbox.environment())
        #expect(plain.stdout.contains("◆ Tartu rahulepingu aastapäev (day of national importance, a flag day)"), "\(plain.stdout)")
        let json = try await ProcessRunner.notifier(["open", "holiday", "2026-02-02", "--json"], environment: sandbox.environment())
        #expect(json.stdout.contains(#""kind" : "national""#), "\(json.stdout)")
    }

    @Test func kindsIsCheckedWithItsLine() async throws {
        let sandbox = try Sandbox(config: "[rules.holiday_upcoming]\nkinds = [\"public\", \"flag\"]\n")
        let result = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("config.toml:2: rules.holiday_upcoming.kinds must be a list of kinds from \"public\", \"folk\", \"national\""),
            "\(result.stderr)")
        try "[rules.holiday_upcoming]\nkinds = [\"national\"]\n".write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        let good = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(good.status == 0, "\(good.stderr)")
    }
}
