import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Done and Snooze on a reminder's bubble, pressed through the notification server's real
/// `ActionInvoked` (python3-dbusmock on a private bus); the daemon's wall clock moved by faketime.
@Suite(.serialized, .sharingTheMachine) struct ReminderActionTests {
    static let config = """
        [feeds.crypto]
        enabled = false
        [rules.launch_country]
        enabled = false
        [[reminders]]
        name = "pills"
        text = "Take the pills"
        at = "09:00"
        every = "daily"
        time_zone = "Europe/Tallinn"
        nag = "5m"
        """

    @Test func aSnoozeSurvivesAKillAndDoneStopsTheNag() async throws {
        let server = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: Self.config)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn", "DBUS_SESSION_BUS_ADDRESS": server.address])
        // Each daemon starts at its own time and looks at once; the test never needs a faked
        // clock to run on under it (a daemon's sleeps under libfaketime did not end here).
        func daemon(at time: String) throws -> DaemonProcess {
            var faked = environment
            faked["LD_PRELOAD"] = FakeTime.preload
            faked["DONT_FAKE_MONOTONIC"] = "1"
            faked["FAKETIME"] = "@" + time
            return try DaemonProcess(["-c", "exec \"$0\" \"$@\"", ProcessRunner.notifierPath, "--verbose"], environment: faked, executable: "/bin/sh")
        }
        func calls() async -> String { (try? await server.notifyCalls()) ?? "" }
        func count(_ text: String) async -> Int { await calls().components(separatedBy: text).count - 1 }

        // A pass before 09:00 (cron, say), then the daemon at 09:00:20: on time.
        let before = try await FakeTime.notifier(["--once", "--output", "json"], at: "2026-11-25 08:59:00", environment: environment)
        #expect(before.status == 0, "\(before.stderr)")
        let first = try daemon(at: "2026-11-25 09:00:20")
        #expect(await first.waitUntil { _ in await count("at 09:00 today") == 1 }, "\(first.stderr)")
        let shown = await calls()
        #expect(shown.contains("'reminder-done', 'Done', 'reminder-snooze-10m', 'Snooze 10 min', 'snooze', 'Snooze 1 h'"), "\(shown)")
        _ = try await server.invokeAction(id: 1, key: "reminder-snooze-10m")
        #expect(await first.waitUntil { $0.stderr.contains("reminder pills snoozed until") }, "\(first.stderr)")
        first.signal(SIGKILL)
        _ = await first.stop()

        // Stopped across the snooze's end: it comes back once when started again.
        let second = try daemon(at: "2026-11-25 09:15:00")
        let back = await second.waitUntil { _ in await count("snoozed until 09:10; was due 09:00") == 1 }
        let soFar = await calls()
        #expect(back, "\(second.stderr)\n\(soFar)")
        #expect(await second.waitUntil { $0.stderr.contains("reminders: next due") })
        #expect(await second.stop() == 0)

        // Not done: 5 minutes on, the nag; Done on it stops the next.
        let third = try daemon(at: "2026-11-25 09:21:00")
        #expect(await third.waitUntil { _ in await count("still to do") == 1 }, "\(third.stderr)")
        _ = try await server.invokeAction(id: 1, key: "reminder-done")
        #expect(await third.waitUntil { $0.stderr.contains("reminder pills 2026-11-25T09:00 done") }, "\(third.stderr)")
        #expect(await third.stop() == 0)

        let fourth = try daemon(at: "2026-11-25 09:40:00")
        #expect(await fourth.waitUntil { $0.stderr.contains("reminders: next due 2026-11-26T07:00:00Z") }, "\(fourth.stderr)")
        #expect(await fourth.stop() == 0)
        let nags = await count("still to do")
        #expect(nags == 1)
        let all = await calls()
        #expect(all.components(separatedBy: "Take the pills").count - 1 == 3, "\(all)")
    }
}
