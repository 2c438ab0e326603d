import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A vdir as a person has one: the daemon's clock moved by faketime's timestamp file (the
/// monotonic clock real), the files written by the test as vdirsyncer would.
@Suite(.serialized, .sharingTheMachine) struct CalendarEndToEndTests {
    struct Shown: Decodable, Equatable {
        var rule: String
        var key: String
        var title: String
        var body: String
        var url: String
    }

    static func shown(_ output: String) -> [Shown] {
        output.split(separator: "\n").compactMap { try? JSONDecoder().decode(Shown.self, from: Data($0.utf8)) }.filter { $0.rule == "reminder" }
    }

    /// The sandbox is HOME: "~/" is its folder.
    static let config = """
        [feeds.crypto]
        enabled = false
        [rules.launch_country]
        enabled = false
        [calendars]
        paths = ["~/calendars/work"]
        """

    static func event(uid: String, summary: String, start: String, trigger: String = "-PT2M", location: String = "") -> String {
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//notifier tests//EN\r
        BEGIN:VEVENT\r
        UID:\(uid)\r
        DTSTAMP:20261101T000000Z\r
        SUMMARY:\(summary)\r
        \(location.isEmpty ? "" : "LOCATION:\(location)\r\n")DTSTART;TZID=Europe/Tallinn:\(start)\r
        DURATION:PT30M\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER:\(trigger)\r
        END:VALARM\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
    }

    static func setClock(_ file: URL, _ time: String) throws {
        try "@\(time)\n".write(to: file, atomically: true, encoding: .utf8)
    }

    /// The daemon's clock moved through faketime's clock file; a moved clock does not end the
    /// daemon's timed wait under libfaketime (its boot-time clock is faked with it), so each
    /// move comes with a suspend and resume from python3-dbusmock's logind, which ends it.
    @Test func anAlarmComesOnceWithItsLinkAMovedEventNotAtTheOldTimeABrokenFileIsOneLine() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let vdir = sandbox.root.appendingPathComponent("calendars/work")
        try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
        try Self.event(uid: "standup-1.example.org", summary: "Stand-up", start: "20261125T091000", trigger: "-PT8M", location: "Room 4")
            .write(to: vdir.appendingPathComponent("standup.ics"), atomically: true, encoding: .utf8)
        try Self.event(uid: "review-2@example.org", summary: "Review", start: "20261125T093000", trigger: "-PT5M")
            .write(to: vdir.appendingPathComponent("review.ics"), atomically: true, encoding: .utf8)
        try "this is not a calendar\nBEGIN:VEVENT\n".write(to: vdir.appendingPathComponent("broken.ics"), atomically: true, encoding: .utf8)

        let logind = try await MockLogind.start()
        let clockFile = sandbox.root.appendingPathComponent("faketime")
        try Self.setClock(clockFile, "2026-11-25 09:00:00")
        let environment = sandbox.environment(["TZ": "Europe/Tallinn", "DBUS_SYSTEM_BUS_ADDRESS": logind.address])
        let daemon = try ReminderEndToEndTests.daemon(at: "", environment, extra: ["FAKETIME_TIMESTAMP_FILE": clockFile.path, "FAKETIME_NO_CACHE": "1"])
        #expect(
            await daemon.waitUntil { $0.stderr.contains("reminders: watching logind for resumes") && $0.stderr.contains("reminders: next due") },
            "\(daemon.stderr)")
        func move(to time: String) async throws {
            try await logind.prepareForSleep(true)
            try Self.setClock(clockFile, time)
            try await logind.prepareForSleep(false)
        }
        // 09:02, two minutes on: the stand-up's alarm, one bubble.
        try await move(to: "2026-11-25 09:02:05")
        #expect(await daemon.waitUntil(timeout: .seconds(30)) { !Self.shown($0.stdout).isEmpty }, "\(daemon.stderr)")
        // The review moves from 09:30 to 10:30 before its alarm (09:25): nothing at 09:25.
        try Self.event(uid: "review-2@example.org", summary: "Review", start: "20261125T103000", trigger: "-PT5M")
            .write(to: vdir.appendingPathComponent("review.ics"), atomically: true, encoding: .utf8)
        try await move(to: "2026-11-25 09:25:30")
        try await Task.sleep(for: .seconds(3))
        #expect(Self.shown(daemon.stdout).count == 1, "\(daemon.stdout)")
        try await move(to: "2026-11-25 10:25:05")
        #expect(await daemon.waitUntil(timeout: .seconds(30)) { Self.shown($0.stdout).count >= 2 }, "\(daemon.stderr)")
        #expect(await daemon.stop() == 0)

        let bubbles = Self.shown(daemon.stdout)
        #expect(bubbles.map(\.title) == ["Stand-up", "Review"], "\(daemon.stdout)")
        #expect(bubbles.first?.url == "notifier://event/standup-1.example.org", "\(bubbles)")
        #expect(bubbles.first?.body.contains("starts 09:10") == true && bubbles.first?.body.contains("Room 4") == true, "\(bubbles)")
        #expect(bubbles.last?.body.contains("starts 10:30") == true, "the moved time's alarm: \(bubbles)")
        #expect(bubbles.last?.url.hasPrefix("notifier://event/event-") == true, "a UID with @ is linked by its name: \(bubbles)")
        let errors = daemon.stderr.split(separator: "\n").filter { $0.contains("broken.ics") && !$0.contains(" debug: ") }
        #expect(errors.count == 1, "one line for the broken file: \(daemon.stderr)")
        #expect(errors.first?.contains("not an iCalendar file") == true, "\(errors)")

        // The link's view, and the list.
        let opened = try await ProcessRunner.notifier(["open-url", "notifier://event/standup-1.example.org"], environment: environment)
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout.contains("Stand-up") && opened.stdout.contains("Room 4") && opened.stdout.contains("standup.ics"), "\(opened.stdout)")
        let listed = try await FakeTime.notifier(
            ["list", "events", "--from", "2026-11-25", "--to", "2026-11-25"], at: "2026-11-25 08:00:00", environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Wed 2026-11-25 09:10–09:40  Stand-up · Room 4"), "\(listed.stdout)")
        #expect(listed.stdout.contains("10:30–11:00  Review"), "\(listed.stdout)")
        #expect(listed.stderr.contains("broken.ics"), "\(listed.stderr)")
    }

    @Test func theWeekShowsTheEventsBesideTheHolidaysInATerminal() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let vdir = sandbox.root.appendingPathComponent("calendars/work")
        try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
        try Self.event(uid: "dinner@example.org", summary: "Dinner at grandma's", start: "20261224T180000")
            .write(to: vdir.appendingPathComponent("dinner.ics"), atomically: true, encoding: .utf8)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        let session = try await TmuxSession(InteractiveCountryTests.command(["open", "week", "2026-12-23"]), environment: environment, width: 100, height: 30)
        #expect(await session.waitFor("▪ 18:00 Dinner at grandma's"), "\(session.lastSeen)")
        let screen = try await session.screen()
        let row = screen.split(separator: "\n").first { $0.contains("2026-12-24") } ?? ""
        #expect(row.contains("Jõululaupäev") && row.contains("▪ 18:00 Dinner at grandma's"), "the holiday and the event on one day:\n\(screen)")
        #expect(screen.contains("▪ an event of your calendars"), "\(screen)")
        try await session.send("q")
        try await InteractiveCountryTests.expectSane(session, view: "Week of")
    }

    @Test func listEventsOnATerminalIsInteractiveAndEnterOpensTheEvent() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let vdir = sandbox.root.appendingPathComponent("calendars/work")
        try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
        try Self.event(uid: "dinner@example.org", summary: "Dinner", start: "20261224T180000", location: "Grandma's")
            .write(to: vdir.appendingPathComponent("dinner.ics"), atomically: true, encoding: .utf8)
        try Self.event(uid: "walk@example.org", summary: "Walk in the woods", start: "20261226T100000")
            .write(to: vdir.appendingPathComponent("walk.ics"), atomically: true, encoding: .utf8)
        let environment = sandbox.environment(["TERM": "xterm-256color", "TZ": "Europe/Tallinn"])
        let session = try await TmuxSession(
            InteractiveCountryTests.command(["list", "events", "--from", "2026-12-23", "--to", "2026-12-31"]), environment: environment, width: 100,
            height: 20)
        #expect(await session.waitFor("Events 2026-12-23 – 2026-12-31 — 2"), "\(session.lastSeen)")
        let list = try await session.screen()
        #expect(list.contains("Thu 2026-12-24 18:00–18:30  Dinner · Grandma's"), "\(list)")
        #expect(list.contains("Sat 2026-12-26 10:00–10:30  Walk in the woods"), "\(list)")
        #expect(list.contains("Enter open"), "the footer names the keys:\n\(list)")
        try await session.send("Down", "Enter")
        #expect(await session.waitFor("Event: Walk in the woods"), "\(session.lastSeen)")
        let event = try await session.screen()
        #expect(event.contains("calendar: ") && event.contains("walk.ics"), "`open event` as a screen:\n\(event)")
        try await session.send("BSpace")
        #expect(await session.waitFor("Events 2026-12-23 – 2026-12-31 — 2"), "Backspace goes back to the list: \(session.lastSeen)")
        try await session.send("?")
        #expect(await session.waitFor("this help; any key closes it"), "\(session.lastSeen)")
        try await session.send("x", "q")
        try await InteractiveCountryTests.expectSane(session, view: "Events 2026-12-23")

        let plain = try await ProcessRunner.notifier(["list", "events", "--from", "2026-12-23", "--to", "2026-12-31", "--plain"], environment: environment)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(
            plain.stdout == "Thu 2026-12-24 18:00–18:30  Dinner · Grandma's\nSat 2026-12-26 10:00–10:30  Walk in the woods\n", "\(plain.stdout)")
        // `open event` takes --plain as the other views do, and prints the same.
        let opened = try await ProcessRunner.notifier(["open", "event", "walk@example.org"], environment: environment)
        let eventPlain = try await ProcessRunner.notifier(["open", "event", "walk@example.org", "--plain"], environment: environment)
        #expect(eventPlain.status == 0 && eventPlain.stdout == opened.stdout && opened.stdout.hasPrefix("Walk in the woods\n"), "\(eventPlain.stderr)")
    }

    /// With no calendars the screen itself says how to add one (not stderr, seen only after it closes).
    @Test func listEventsWithoutCalendarsSaysSoOnTheScreen() async throws {
        let sandbox = try Sandbox(config: Sandbox.noDelay)
        let session = try await TmuxSession(
            InteractiveCountryTests.command(["list", "events"]), environment: sandbox.environment(["TERM": "xterm-256color"]), width: 100, height: 20)
        #expect(await session.waitFor("Events "), "\(session.lastSeen)")
        #expect(await session.waitFor("No calendars: add paths"), "\(session.lastSeen)")
        try await session.send("q")
        try await InteractiveCountryTests.expectSane(session, view: "Events ")
        let piped = try await ProcessRunner.notifier(["list", "events"], environment: sandbox.environment())
        #expect(piped.stderr.contains("No calendars: add paths"), "piped, stderr as before: \(piped.stderr)")
    }
}
