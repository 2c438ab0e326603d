import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A calendar read once and then kept, as a person running `notifier --once` from a timer meets
/// it: each pass a new process, the file parsed only when it changed, every alarm told once,
/// including one that fell due between a pass and an edit of the file.
@Suite(.sharingTheMachine) struct CalendarCacheTests {
    static let config = """
        [feeds.crypto]
        enabled = false
        [feeds.countries]
        enabled = false
        [feeds.forecast]
        enabled = false
        [rules.holiday_upcoming]
        enabled = false
        [rules.launch_country]
        enabled = false
        [calendars]
        paths = ["~/calendars/work.ics"]
        """

    static func calendar(_ events: [(uid: String, summary: String, start: String)]) -> String {
        let body = events.map { event in
            "BEGIN:VEVENT\r\nUID:\(event.uid)\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:\(event.summary)\r\n"
                + "DTSTART;TZID=Europe/Tallinn:\(event.start)\r\nDURATION:PT30M\r\n"
                + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT10M\r\nEND:VALARM\r\nEND:VEVENT\r\n"
        }
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//notifier tests//EN\r\n" + body.joined() + "END:VCALENDAR\r\n"
    }

    static func titles(_ output: String) -> [String] {
        CalendarEndToEndTests.shown(output).map(\.title)
    }

    @Test func anUnchangedFileIsNotReadAgainAndEveryAlarmIsToldOnce() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let folder = sandbox.root.appendingPathComponent("calendars")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("work.ics")
        let standUp = (uid: "standup@example.org", summary: "Stand-up", start: "20261125T092000")
        let review = (uid: "review@example.org", summary: "Review", start: "20261125T095000")
        try Self.calendar([standUp, review]).write(to: file, atomically: true, encoding: .utf8)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        func pass(at time: String) async throws -> (titles: [String], log: String) {
            let run = try await FakeTime.notifier(["--once", "-v", "--output", "json"], at: time, environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            return (Self.titles(run.stdout), run.stderr)
        }

        let first = try await pass(at: "2026-11-25 09:00:00")
        #expect(first.titles.isEmpty && first.log.contains("work.ics: read, 2 alarms"), "\(first.log)")
        let cacheFolder = sandbox.root.appendingPathComponent("cache/notifier/calendars")
        let cached = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)
        #expect(cached.count == 1 && cached.first?.hasSuffix(".alarms") == true, "\(cached)")
        let mode = try FileManager.default.attributesOfItem(atPath: cacheFolder.path)[.posixPermissions] as? Int
        #expect(mode == 0o700, "the cache of a calendar is the user's alone: \(String(mode ?? 0, radix: 8))")

        // 09:10, the stand-up's alarm: from the cache, told once.
        let due = try await pass(at: "2026-11-25 09:10:30")
        #expect(due.titles == ["Stand-up"], "\(due)")
        #expect(due.log.contains("unchanged; its alarms from the cache") && !due.log.contains("read, "), "\(due.log)")
        #expect(try await pass(at: "2026-11-25 09:11:00").titles.isEmpty)

        // Touched, not changed: still from the cache.
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        let touched = try await pass(at: "2026-11-25 09:12:00")
        #expect(touched.titles.isEmpty && !touched.log.contains("read, "), "\(touched.log)")

        // A lunch added whose alarm (09:15) fell between the last pass and the edit: told.
        let lunch = (uid: "lunch@example.org", summary: "Lunch", start: "20261125T092500")
        try Self.calendar([standUp, review, lunch]).write(to: file, atomically: true, encoding: .utf8)
        let edited = try await pass(at: "2026-11-25 09:16:00")
        #expect(edited.titles == ["Lunch"], "\(edited)")
        #expect(edited.log.contains("work.ics: read, 3 alarms"), "\(edited.log)")

        // A cache that is not one is a miss, not an error: the file is read again, the review told.
        for name in try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path) {
            try "notifier-calendar-alarms 1\nH\tgarbage\n\u{0}\u{7}".write(
                to: cacheFolder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let broken = try await pass(at: "2026-11-25 09:40:30")
        #expect(broken.titles == ["Review"], "\(broken)")
        #expect(broken.log.contains("work.ics: read, 3 alarms"), "\(broken.log)")
        #expect(try await pass(at: "2026-11-25 09:41:00").titles.isEmpty)
    }

    @Test func aCacheThatCannotBeWrittenIsSaidAndTheAlarmStillComes() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let folder = sandbox.root.appendingPathComponent("calendars")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.calendar([(uid: "standup@example.org", summary: "Stand-up", start: "20261125T092000")])
            .write(to: folder.appendingPathComponent("work.ics"), atomically: true, encoding: .utf8)
        // The cache's folder is a file: nothing can be written under it.
        let cache = sandbox.root.appendingPathComponent("cache/notifier")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try "not a folder".write(to: cache.appendingPathComponent("calendars"), atomically: true, encoding: .utf8)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        // Read anew each pass, the file counts from the second pass's read; the shared last look
        // of the first still lets its alarm come.
        #expect(try await FakeTime.notifier(["--once", "--output", "json"], at: "2026-11-25 09:00:00", environment: environment).status == 0)
        let run = try await FakeTime.notifier(["--once", "--output", "json"], at: "2026-11-25 09:10:30", environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.titles(run.stdout) == ["Stand-up"], "\(run.stdout)")
        let told = run.stderr.split(separator: "\n").filter { $0.contains("cannot be cached") }
        #expect(told.count == 1 && told.first?.contains("work.ics") == true && told.first?.contains("read again on each run") == true, "\(run.stderr)")
    }
}
