import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Acknowledged once, anywhere: a reminder that must not be missed escalates across `--once`
/// passes (each at its own faked time) to the bubble again and then the phone (a loopback
/// ntfy stand-in), each step once; `notifier ack` stops it and closes every copy.
@Suite(.serialized, .sharingTheMachine) struct AcknowledgeEndToEndTests {
    static func config(_ ntfy: NtfyStandIn) -> String {
        """
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
        escalate = ["10m", "30m phone"]

        [[channels]]
        name = "phone"
        ntfy = "\(ntfy.topicURL)"
        """
    }

    /// The phone (a loopback ntfy), the desktop (a mock notification server) and a sandbox with
    /// the reminder's config.
    struct Desk {
        let ntfy: NtfyStandIn
        let server: MockNotificationServer
        let sandbox: Sandbox

        static func start() async throws -> Desk {
            let ntfy = try await NtfyStandIn.start()
            let server = try await MockNotificationServer.start()
            return Desk(ntfy: ntfy, server: server, sandbox: try Sandbox(config: AcknowledgeEndToEndTests.config(ntfy)))
        }

        /// Both stopped once the test ends, on failure too.
        func stopLater() {
            Task { [ntfy, server] in
                await ntfy.stop()
                server.stopServer()
            }
        }
    }

    static func count(_ text: String, in calls: String) -> Int { calls.components(separatedBy: text).count - 1 }

    @Test func theLadderClimbsOnceAStepAndAckStopsItAndClosesEveryCopy() async throws {
        let desk = try await Desk.start()
        defer { desk.stopLater() }
        let (ntfy, server, sandbox) = (desk.ntfy, desk.server, desk.sandbox)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn", "DBUS_SESSION_BUS_ADDRESS": server.address])
        // Passes print JSON; the bubbles are the daemon's, each started at its own time.
        func pass(_ time: String) async throws -> [String] {
            let result = try await FakeTime.notifier(["--once", "--output", "json"], at: "2026-11-25 " + time, environment: environment)
            #expect(result.status == 0, "\(time): \(result.stderr)")
            return WatchEndToEndTests.titles(result).filter { $0.contains("pills") }
        }
        func daemon(at time: String, until text: String) async throws {
            let faked = FakeTime.environment(environment, at: "2026-11-25 " + time)
            let process = try DaemonProcess(["-c", "exec \"$0\" \"$@\"", ProcessRunner.notifierPath, "--verbose"], environment: faked, executable: "/bin/sh")
            #expect(await process.waitUntil { _ in Self.count(text, in: await calls()) == 1 }, "\(time): \(process.stderr)")
            #expect(await process.stop() == 0)
        }
        func calls() async -> String { (try? await server.notifyCalls()) ?? "" }

        // A first look before its time: a reminder is due from the last look on.
        #expect(try await pass("08:59:00").isEmpty)
        try await daemon(at: "09:00:30", until: "Take the pills")
        #expect(try await pass("09:05:00").isEmpty)
        // Started past the step's deadline: it tells what is due as it starts (its own timer
        // runs on a clock that libfaketime does not move here).
        try await daemon(at: "09:11:00", until: "(not yet acknowledged)")
        #expect(try await pass("09:12:00").isEmpty, "the first step once")
        #expect(await ntfy.messages.isEmpty, "the phone only at 30 min")

        let listed = try await FakeTime.notifier(["ack", "--json"], at: "2026-11-25 09:20:00", environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        let item = try JSONSerialization.jsonObject(with: Data(listed.stdout.split(separator: "\n").first.map(String.init)?.utf8 ?? "".utf8)) as? [String: Any]
        #expect(item?["name"] as? String == "pills", "\(listed.stdout)")
        #expect((item?["since"] as? String)?.hasSuffix("+02:00") == true, "\(listed.stdout)")
        // The step is 30 min after the first delivery: the daemon started at 09:00:30, which a
        // loaded machine delivers a few seconds later (the pass at 09:30:40 allows ten).
        let dates = ["since", "next_step"].map { (item?[$0] as? String).flatMap { try? Date.ISO8601FormatStyle().parse($0) } }
        let since = try #require(dates[0], "\(listed.stdout)")
        let first = try Date.ISO8601FormatStyle().parse("2026-11-25T09:00:30+02:00")
        #expect(since >= first && since < first.addingTimeInterval(10), "\(listed.stdout)")
        #expect(dates[1] == since.addingTimeInterval(30 * 60), "\(listed.stdout)")

        #expect(try await pass("09:30:40") == ["Take the pills (not yet acknowledged)"])
        #expect(try await pass("09:31:00").isEmpty)
        let messages = await ntfy.messages
        #expect(messages.count == 1, "the phone once: \(messages)")
        #expect(await ntfy.messages.first?.title.contains("Take the pills (not yet acknowledged)") == true)

        let acked = try await FakeTime.notifier(["ack", "pills"], at: "2026-11-25 09:32:00", environment: environment)
        #expect(acked.status == 0, "\(acked.stderr)")
        #expect(acked.stdout.contains("Acknowledged pills: Take the pills"), "\(acked.stdout)")
        let closes = try await server.call("org.freedesktop.DBus.Mock.GetMethodCalls", ["CloseNotification"]).stdout
        #expect(closes.contains("[<1>]"), "CloseNotification(1): \(closes)")
        let clears = await ntfy.clears
        #expect(clears.count == 1, "the phone's message cleared: \(clears)")

        let again = try await FakeTime.notifier(["ack", "pills"], at: "2026-11-25 09:33:00", environment: environment)
        #expect(again.status == 1 && again.stdout.contains("Nothing open under pills"), "\(again.stdout)\(again.stderr)")
        let unknown = try await FakeTime.notifier(["ack", "pils"], at: "2026-11-25 09:33:00", environment: environment)
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean pills?"), "\(unknown.stderr)")

        #expect(try await pass("11:00:00").isEmpty, "acknowledged: nothing more")
        #expect(await ntfy.messages.count == 1)

        let why = try await FakeTime.notifier(["why", "reminder", "pills", "--plain"], at: "2026-11-25 11:01:00", environment: environment)
        #expect(why.stdout.contains("acknowledged by notifier ack"), "\(why.stdout)")
        let history = try await FakeTime.notifier(["history", "--plain"], at: "2026-11-25 11:01:00", environment: environment)
        #expect(history.stdout.contains("acknowledged by notifier ack"), "\(history.stdout)")
    }

    @Test func doneOnTheBubbleAcknowledgesInTheDaemon() async throws {
        let desk = try await Desk.start()
        defer { desk.stopLater() }
        let (ntfy, server, sandbox) = (desk.ntfy, desk.server, desk.sandbox)
        var environment = sandbox.environment(["TZ": "Europe/Tallinn", "DBUS_SESSION_BUS_ADDRESS": server.address])
        let plain = environment
        let before = try await FakeTime.notifier(["--once", "--output", "json"], at: "2026-11-25 08:59:00", environment: plain)
        #expect(before.status == 0, "\(before.stderr)")
        environment["LD_PRELOAD"] = FakeTime.preload
        environment["DONT_FAKE_MONOTONIC"] = "1"
        environment["FAKETIME"] = "@2026-11-25 09:00:20"
        let daemon = try DaemonProcess(["-c", "exec \"$0\" \"$@\"", ProcessRunner.notifierPath, "--verbose"], environment: environment, executable: "/bin/sh")
        func calls() async -> String { (try? await server.notifyCalls()) ?? "" }
        #expect(await daemon.waitUntil { _ in Self.count("Take the pills", in: await calls()) == 1 }, "\(daemon.stderr)")
        _ = try await server.invokeAction(id: 1, key: "reminder-done")
        #expect(await daemon.waitUntil { $0.stderr.contains("acknowledged reminder pills by this desktop") }, "\(daemon.stderr)")
        #expect(await daemon.stop() == 0)
        let listed = try await FakeTime.notifier(["ack", "--plain"], at: "2026-11-25 09:01:00", environment: plain)
        #expect(listed.stdout.contains("Nothing waits for an acknowledgement"), "\(listed.stdout)")
        let why = try await FakeTime.notifier(["why", "reminder", "pills", "--plain"], at: "2026-11-25 09:01:00", environment: plain)
        #expect(why.stdout.contains("acknowledged by this desktop"), "\(why.stdout)")
        // The ladder stopped: a pass past both steps tells nothing.
        let later = try await FakeTime.notifier(["--once"], at: "2026-11-25 09:45:00", environment: plain)
        #expect(later.status == 0, "\(later.stderr)")
        #expect(Self.count("(not yet acknowledged)", in: await calls()) == 0)
        #expect(await ntfy.messages.isEmpty)
    }

    @Test func ackOnATerminalListsTheOpenItem() async throws {
        let ntfy = try await NtfyStandIn.start()
        defer { Task { await ntfy.stop() } }
        let sandbox = try Sandbox(config: Self.config(ntfy))
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        _ = try await FakeTime.notifier(["--once", "--output", "json"], at: "2026-11-25 08:59:00", environment: environment)
        let shown = try await FakeTime.notifier(["--once", "--output", "json"], at: "2026-11-25 09:00:30", environment: environment)
        #expect(shown.status == 0, "\(shown.stderr)")
        let terminal = sandbox.environment(["TERM": "xterm-256color", "TZ": "Europe/Tallinn"])
        let session = try await TmuxSession(InteractiveCountryTests.command(["ack"]), environment: terminal, width: 110, height: 20)
        #expect(await session.waitFor("Waiting for an acknowledgement"), "\(session.lastSeen)")
        #expect(session.lastSeen.contains("pills  Take the pills  since"), "\(session.lastSeen)")
        try await session.send("q")
        #expect(await session.waitFor("exited with 0"), "\(session.lastSeen)")
    }
}

/// A watch whose subject resolves before anyone acknowledged: the item closes as resolved and
/// its ladder stops.
@Suite(.serialized, .sharingTheMachine) struct AcknowledgeResolutionTests {
    @Test func aResolutionStopsTheLadder() async throws {
        let ntfy = try await NtfyStandIn.start()
        defer { Task { await ntfy.stop() } }
        let tank = TankReading()
        defer { tank.remove() }
        let sandbox = try Sandbox(
            config: WatchEndToEndTests.config(
                tank.watch(#"escalate = ["10m phone"]"#) + """

                    [[channels]]
                    name = "phone"
                    ntfy = "\(ntfy.topicURL)"
                    """))
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        func pass(_ level: Int, at time: String) async throws -> [String] {
            try tank.set(level)
            let result = try await FakeTime.notifier(["--once", "--output", "json"], at: "2026-11-25 " + time, environment: environment)
            #expect(result.status == 0, "\(time): \(result.stderr)")
            return WatchEndToEndTests.titles(result)
        }
        #expect(try await pass(1, at: "09:00:00").isEmpty)
        #expect(try await pass(9, at: "09:01:00").count == 1)
        let open = try await FakeTime.notifier(["ack", "--json"], at: "2026-11-25 09:02:00", environment: environment)
        #expect(open.stdout.contains("\"name\":\"tank\""), "\(open.stdout)")
        _ = try await pass(1, at: "09:05:00")
        let after = try await FakeTime.notifier(["ack", "--json"], at: "2026-11-25 09:06:00", environment: environment)
        #expect(after.stdout.isEmpty, "resolved: nothing open: \(after.stdout)")
        #expect(try await pass(1, at: "09:20:00").isEmpty)
        let messages = await ntfy.messages
        #expect(messages.isEmpty, "the ladder stopped: \(messages)")
        let why = try await FakeTime.notifier(["why", "watch", "tank", "--plain"], at: "2026-11-25 09:21:00", environment: environment)
        #expect(why.stdout.contains("no longer waits for an acknowledgement"), "\(why.stdout)")
    }
}

/// The Acknowledge button on a watch's bubble, pressed through the mock server's real
/// `ActionInvoked`: the daemon records it as acknowledged by this desktop.
@Suite(.serialized, .sharingTheMachine) struct AcknowledgeButtonEndToEndTests {
    @Test func theButtonAcknowledges() async throws {
        let server = try await MockNotificationServer.start()
        defer { server.stopServer() }
        let tank = TankReading()
        defer { tank.remove() }
        let sandbox = try Sandbox(config: WatchEndToEndTests.config(tank.watch("acknowledge = true")))
        let environment = sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address])
        try tank.set(1)
        #expect(try await ProcessRunner.notifier(["--once", "--output", "json"], environment: environment).status == 0)
        try tank.set(9)
        let daemon = try DaemonProcess(["--verbose"], environment: environment)
        func calls() async -> String { (try? await server.notifyCalls()) ?? "" }
        #expect(await daemon.waitUntil { _ in await calls().contains("tank") }, "\(daemon.stderr)")
        let shown = await calls()
        #expect(shown.contains("'acknowledge', 'Acknowledge'"), "\(shown)")
        _ = try await server.invokeAction(id: 1, key: "acknowledge")
        #expect(await daemon.waitUntil { $0.stderr.contains("acknowledged watch tank by this desktop") }, "\(daemon.stderr)")
        #expect(await daemon.stop() == 0)
        let history = try await ProcessRunner.notifier(["history", "--plain"], environment: environment)
        #expect(history.stdout.contains("because acknowledged by this desktop"), "\(history.stdout)")
    }
}
