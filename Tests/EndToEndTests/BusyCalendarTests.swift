import Foundation
import TestSupport
import Testing

/// `[delivery] busy_calendars = true`: an event that takes the person's time, under way now in
/// one of their calendars, holds what is not critical as do-not-disturb does; a free one does not.
@Suite(.serialized, .sharingTheMachine) struct BusyCalendarTests {
    /// An event from 10 minutes ago to 50 minutes ahead, in UTC; `transparent`: marked free.
    static func calendar(summary: String, transparent: Bool) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let now = Date()
        return """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//notifier tests//EN\r
            BEGIN:VEVENT\r
            UID:busy-\(summary)\r
            DTSTAMP:20261101T000000Z\r
            SUMMARY:\(summary)\r
            DTSTART:\(format.string(from: now.addingTimeInterval(-600)))\r
            DTEND:\(format.string(from: now.addingTimeInterval(3000)))\r
            \(transparent ? "TRANSP:TRANSPARENT\r\n" : "")END:VEVENT\r
            END:VCALENDAR\r

            """
    }

    static func desk(summary: String, transparent: Bool) async throws -> ReachEndToEndTests.Desk {
        let desk = try await ReachEndToEndTests.Desk.start(whenAway: "[]\nbusy_calendars = true", extra: "\n[calendars]\npaths = [\"~/calendars/work\"]\n")
        let folder = desk.sandbox.root.appendingPathComponent("calendars/work")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try calendar(summary: summary, transparent: transparent).write(to: folder.appendingPathComponent("meeting.ics"), atomically: true, encoding: .utf8)
        return desk
    }

    @Test func aBusyEventUnderWayHoldsTheCrossingAndSaysWhy() async throws {
        let desk = try await Self.desk(summary: "Budget review", transparent: false)
        _ = try await desk.pass(btc: "99000")
        let held = try await desk.pass(btc: "100500")
        let calls = try await desk.desktop.notifyCalls()
        #expect(!calls.contains("BTC rose above"), "held while the meeting runs: \(calls)\n\(held.stderr)")
        let why = try await ProcessRunner.notifier(["why", "crypto_cross", "BTC", "--plain"], environment: desk.environment)
        #expect(why.stdout.contains("do-not-disturb"), "\(why.stdout)")
        let status = try await ProcessRunner.notifier(["status", "--plain"], environment: desk.environment)
        #expect(status.stdout.contains("your calendar: in “Budget review” until"), "\(status.stdout)")
        await desk.stop()
    }

    @Test func aFreeEventHoldsNothing() async throws {
        let desk = try await Self.desk(summary: "Lunch", transparent: true)
        _ = try await desk.pass(btc: "99000")
        _ = try await desk.pass(btc: "100500")
        #expect(try await desk.desktop.notifyCalls().contains("BTC rose above"))
        await desk.stop()
    }
}
