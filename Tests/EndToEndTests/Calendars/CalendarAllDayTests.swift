import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// An all-day event's own alarm as the vendors write "the day before at 9:00" (`-PT15H`): it
/// counts from the day's midnight, not from `all_day_at`.
@Suite(.sharingTheMachine) struct CalendarAllDayTests {
    struct Line: Decodable {
        var uid: String
        var start: String
        var alarms: [String]
    }

    static func listed(_ fixture: String, from: String, to: String, config extra: String = "") async throws -> [Line] {
        let sandbox = try Sandbox(config: "[calendars]\npaths = [\"~/calendars\"]\n" + extra)
        let folder = sandbox.root.appendingPathComponent("calendars")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Samples.directory.appendingPathComponent("calendars/\(fixture)"), to: folder.appendingPathComponent(fixture))
        let listed = try await FakeTime.notifier(
            ["list", "events", "--json", "--from", from, "--to", to], at: "2026-11-20 12:00:00", environment: sandbox.environment(["TZ": "Europe/Tallinn"]))
        #expect(listed.status == 0, "\(listed.stderr)")
        return try JSONDecoder().decode([Line].self, from: Data(listed.stdout.utf8))
    }

    @Test func googlesDayBeforeAtNineIsNineTheDayBeforeWhateverAllDayAt() async throws {
        let lines = try await Self.listed("notifier_allday_google.ics", from: "2026-11-26", to: "2026-11-26", config: "all_day_at = \"08:00\"\n")
        #expect(lines.map(\.start) == ["2026-11-26"], "\(lines)")
        #expect(lines.first?.alarms == ["2026-11-25T09:00:00+02:00"], "\(lines)")
    }

    @Test func appleAndOutlookCountFromMidnightToo() async throws {
        let apple = try await Self.listed("notifier_allday_apple.ics", from: "2026-12-03", to: "2026-12-07")
        #expect(apple.map(\.alarms) == [["2026-12-02T09:00:00+02:00"], ["2026-12-06T09:00:00+02:00", "2026-12-07T07:30:00+02:00"]], "\(apple)")
        let outlook = try await Self.listed("notifier_allday_outlook.ics", from: "2026-12-10", to: "2026-12-10")
        #expect(outlook.map(\.alarms) == [["2026-12-09T06:00:00+02:00"]], "18 hours before midnight: \(outlook)")
    }
}
