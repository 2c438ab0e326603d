import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Reminders as a person meets them: the binary, its clock set by faketime (no hook in the
/// program), stopped before a reminder's time and started after; the machine "suspended" and
/// resumed through python3-dbusmock's logind on a private system bus.
@Suite(.serialized, .sharingTheMachine) struct ReminderEndToEndTests {
    static let config = """
        [feeds.crypto]
        enabled = false
        [rules.launch_country]
        enabled = false
        [[reminders]]
        name = "standup"
        text = "Stand-up in the small room"
        at = "09:00"
        every = "daily"
        time_zone = "Europe/Tallinn"
        late = "2h"
        """

    struct Shown: Decodable, Equatable {
        var rule: String
        var key: String
        var title: String
        var body: String
    }

    static func reminders(_ output: String) -> [Shown] {
        output.split(separator: "\n").compactMap { try? JSONDecoder().decode(Shown.self, from: Data($0.utf8)) }.filter { $0.rule == "reminder" }
    }

    static func once(at time: String, _ environment: [String: String]) async throws -> [Shown] {
        let result = try await FakeTime.notifier(["--once", "--output", "json"], at: time, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return reminders(result.stdout)
    }

    @Test func onceRunByCronTellsLateMissedAndSeveralMissedEachOnce() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        #expect(try await Self.once(at: "2026-11-25 08:50:00", environment).isEmpty)
        let late = try await Self.once(at: "2026-11-25 09:20:00", environment)
        #expect(late.map(\.body) == ["was due 09:00 (20 min late)"], "\(late)")
        #expect(late.map(\.title) == ["Stand-up in the small room"])
        #expect(try await Self.once(at: "2026-11-25 09:25:00", environment).isEmpty)
        let missed = try await Self.once(at: "2026-11-26 11:30:00", environment)
        #expect(missed.map(\.title) == ["Missed: Stand-up in the small room"], "\(missed)")
        #expect(missed.first?.body.hasPrefix("was due 09:00 today, 2 h 30 min ago") == true, "\(missed)")
        #expect(try await Self.once(at: "2026-11-26 11:40:00", environment).isEmpty)
        let several = try await Self.once(at: "2026-11-29 09:10:00", environment)
        #expect(several.map(\.body) == ["3 missed, the last at 09:00 today"], "\(several)")
    }

    @Test func twoPassesAtOnceShowOneBubble() async throws {
        // On the real clock: two passes contending for the pass lock wait for it with sleeps,
        // which did not end under libfaketime. A first pass ten minutes back (faked) is the
        // last look; the reminder fell due five minutes ago.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Tallinn")!
        func parts(_ date: Date) -> DateComponents { calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date) }
        func local(_ date: Date) -> String {
            let p = parts(date)
            return String(format: "%04d-%02d-%02d %02d:%02d:%02d", p.year!, p.month!, p.day!, p.hour!, p.minute!, p.second!)
        }
        let now = Date()
        let dueParts = parts(now.addingTimeInterval(-300))
        let due = String(format: "%02d:%02d", dueParts.hour!, dueParts.minute!)
        let sandbox = try Sandbox(config: Self.config.replacingOccurrences(of: "at = \"09:00\"", with: "at = \"\(due)\""))
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        #expect(try await Self.once(at: local(now.addingTimeInterval(-600)), environment).isEmpty)
        func pass() async throws -> [Shown] {
            let result = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return Self.reminders(result.stdout)
        }
        async let first = pass()
        async let second = pass()
        let both = try await first + second
        #expect(both.count == 1, "\(both)")
        #expect(both.first?.body.hasPrefix("was due \(due) (") == true, "\(both)")
    }

    static func daemon(at time: String, _ environment: [String: String], extra: [String: String] = [:]) throws -> DaemonProcess {
        var faked = environment
        faked["LD_PRELOAD"] = FakeTime.preload
        faked["DONT_FAKE_MONOTONIC"] = "1"
        if extra["FAKETIME_TIMESTAMP_FILE"] == nil { faked["FAKETIME"] = "@" + time }
        faked.merge(extra) { $1 }
        // Started through a shell's exec: a daemon spawned directly with libfaketime preloaded
        // loses its arguments (seen with Foundation's Process and Python's Popen alike; a shell's
        // exec keeps them), and would run with the desktop output, not --output json.
        return try DaemonProcess(
            ["-c", "exec \"$0\" \"$@\"", ProcessRunner.notifierPath, "--output", "json", "--verbose"],
            environment: faked, executable: "/bin/sh")
    }

    static func ready(_ process: DaemonProcess) async -> Bool {
        await process.waitUntil { $0.stderr.contains("reminders: next due") }
    }

    @Test func theDaemonStoppedBeforeAndStartedAfterTellsItOnceMarkedLate() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        let before = try Self.daemon(at: "2026-11-25 08:50:00", environment)
        #expect(await Self.ready(before), "\(before.stderr)")
        #expect(await before.stop() == 0)
        #expect(Self.reminders(before.stdout).isEmpty)

        let after = try Self.daemon(at: "2026-11-25 09:20:00", environment)
        #expect(await after.waitUntil { !Self.reminders($0.stdout).isEmpty }, "\(after.stderr)")
        #expect(await after.stop() == 0)
        #expect(Self.reminders(after.stdout).map(\.body) == ["was due 09:00 (20 min late)"], "\(after.stdout)")

        let again = try Self.daemon(at: "2026-11-25 09:22:00", environment)
        #expect(await Self.ready(again), "\(again.stderr)")
        #expect(await again.stop() == 0)
        #expect(Self.reminders(again.stdout).isEmpty, "\(again.stdout)")

        let pastLate = try Self.daemon(at: "2026-11-26 11:30:00", environment)
        #expect(await pastLate.waitUntil { !Self.reminders($0.stdout).isEmpty }, "\(pastLate.stderr)")
        #expect(await pastLate.stop() == 0)
        #expect(Self.reminders(pastLate.stdout).map(\.title) == ["Missed: Stand-up in the small room"], "\(pastLate.stdout)")
    }

    @Test func aResumeThatLogindAnnouncesShowsWhatFellDueWithinASecond() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let logind = try await MockLogind.start()
        let clockFile = sandbox.root.appendingPathComponent("faketime")
        try "@2026-11-25 08:50:00\n".write(to: clockFile, atomically: true, encoding: .utf8)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn", "DBUS_SYSTEM_BUS_ADDRESS": logind.address])
        let daemon = try Self.daemon(at: "", environment, extra: ["FAKETIME_TIMESTAMP_FILE": clockFile.path, "FAKETIME_NO_CACHE": "1"])
        #expect(
            await daemon.waitUntil { $0.stderr.contains("reminders: watching logind for resumes") && $0.stderr.contains("reminders: next due") },
            "\(daemon.stderr)")
        try await logind.prepareForSleep(true)
        // Asleep across 09:00: the wall clock jumps, the monotonic one does not.
        try "@2026-11-25 09:20:00\n".write(to: clockFile, atomically: true, encoding: .utf8)
        try await logind.prepareForSleep(false)
        let resumed = ContinuousClock.now
        let shown = await daemon.waitUntil(timeout: .seconds(10)) { !Self.reminders($0.stdout).isEmpty }
        let took = ContinuousClock.now - resumed
        #expect(shown, "\(daemon.stderr)")
        #expect(took < .seconds(1), "shown \(took) after the resume")
        #expect(daemon.stderr.contains("resumed from suspend"))
        #expect(await daemon.stop() == 0)
        let bubbles = Self.reminders(daemon.stdout)
        #expect(bubbles.map(\.body) == ["was due 09:00 (20 min late)"], "\(daemon.stdout)")
    }
}
