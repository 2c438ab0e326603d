import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// The daemon's well-known name on a private bus: `--once` hands its bubbles to the running
/// daemon, so the click reaches a process that is still there; with no daemon, `--once --wait`
/// stays to serve it.
@Suite(.serialized, .sharingTheMachine) struct HandOffTests {
    static let onceConfig = "[rules.launch_country]\ndelay_seconds = 0\n[feeds.crypto]\nenabled = false\n" + Sandbox.noHolidays + "\n" + Sandbox.noForecast
    /// The same for a file written directly, past what Sandbox adds.
    static let onceFile = onceConfig + "\n[delivery]\nimages = false\n"
    static let quietDaemon = "[rules.launch_country]\nenabled = false\n[feeds.crypto]\nenabled = false\n" + Sandbox.noHolidays + Sandbox.noForecast

    @Test func onceHandsItsBubbleToTheDaemonWhichServesTheClick() async throws {
        let server = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: Self.quietDaemon)
        let terminal = try StandInTerminal(in: sandbox.root)
        let environment = sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address, "TERMINAL": terminal.path])
        let daemon = try DaemonProcess([], environment: environment)
        #expect(await daemon.waitUntil { _ in await server.daemonAnswers() }, "\(daemon.stderr)")

        let onceConfig = sandbox.root.appendingPathComponent("once.toml")
        try Self.onceFile.write(to: onceConfig, atomically: true, encoding: .utf8)
        let once = try await ProcessRunner.notifier(["--once", "--seed", "42", "--config", onceConfig.path], environment: environment)
        #expect(once.status == 0, "\(once.stderr)")
        #expect(await daemon.waitUntil { $0.stderr.contains("showed 1 notification(s) handed over by notifier --once") }, "\(daemon.stderr)")
        let calls = try await server.notifyCalls()
        let key = try #require(calls.firstMatch(of: /notifier:\/\/country\/([A-Z]{2})/).map { String($0.1) })

        // --once has exited; the click still lands, in the daemon.
        _ = try await server.invokeAction(id: 1, key: "default")
        #expect(await daemon.waitUntil { _ in terminal.arguments != nil }, "\(daemon.stderr)")
        let notifier = URL(fileURLWithPath: ProcessRunner.notifierPath).resolvingSymlinksInPath().path
        #expect(terminal.arguments == ["-e", notifier, "open", "country", key])
        #expect(await daemon.stop() == 0)

        let history = try await ProcessRunner.notifier(["history"], environment: environment)
        #expect(history.stdout.components(separatedBy: "launch_country").count == 2, "recorded once, by --once: \(history.stdout)")
    }

    @Test func onceWaitServesTheClickUntilItsBubbleCloses() async throws {
        let server = try await MockNotificationServer.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-terminal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try StandInTerminal(in: directory)
        // The configured terminal wins over $TERMINAL, and its arguments come first.
        let sandbox = try Sandbox(config: Self.onceConfig + "[delivery]\nimages = false\nterminal = [\"\(terminal.path)\", \"--run\"]\n")
        let environment = sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address, "TERMINAL": "/bin/false"])
        let once = try DaemonProcess(["--once", "--seed", "42", "--wait"], environment: environment)
        #expect(await once.waitUntil { $0.stderr.contains("serving clicks on 1 notification(s) for up to 600 s") }, "\(once.stderr)")
        _ = try await server.invokeAction(id: 1, key: "default")
        #expect(await once.waitUntil { _ in terminal.arguments != nil }, "\(once.stderr)")
        #expect(terminal.arguments?.prefix(4) == ["--run", URL(fileURLWithPath: ProcessRunner.notifierPath).resolvingSymlinksInPath().path, "open", "country"])
        #expect(once.process.isRunning, "its bubble is still open")
        _ = try await server.close(id: 1)
        #expect(await once.waitUntil { !$0.process.isRunning }, "it ends once its bubble closed")
        #expect(once.process.terminationStatus == 0)
    }

    @Test func waitWithoutOnceIsAUsageError() async throws {
        let sandbox = try Sandbox(config: Self.onceConfig)
        for arguments in [["--wait", "5"], ["--once", "--wait", "0"]] {
            let result = try await ProcessRunner.notifier(arguments, environment: sandbox.environment())
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
        }
    }
}

/// The daemon's D-Bus interface called directly, and a notification server that goes away and
/// comes back while the daemon runs.
@Suite(.serialized, .sharingTheMachine) struct DaemonBusTests {
    static func deliver(_ json: String, on server: MockNotificationServer) async throws -> ProcessResult {
        try await ProcessRunner.run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "-d", "io.github.notifier", "-o", "/io/github/notifier",
                "-m", "io.github.notifier.Daemon.Deliver", json,
            ],
            environment: ["DBUS_SESSION_BUS_ADDRESS": server.address], timeout: .seconds(10))
    }

    static let kazakhstan =
        #"[{"rule":"launch_country","key":"KZ","title":"Kazakhstan","body":"Capital: Astana","urgency":"low","category":"x-notifier.country","deepLink":{"view":"country","argument":"KZ"}}]"#

    @Test func theDaemonHoldsWhatItCannotShowAndShowsItWhenTheServerIsBack() async throws {
        let server = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: HandOffTests.quietDaemon)
        let terminal = try StandInTerminal(in: sandbox.root)
        let daemon = try DaemonProcess([], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address, "TERMINAL": terminal.path]))
        #expect(await daemon.waitUntil { _ in await server.daemonAnswers() }, "\(daemon.stderr)")

        server.stopServer()
        #expect(await daemon.waitUntil { $0.stderr.contains("the notification server left the session bus") }, "\(daemon.stderr)")
        let whileAway = try await Self.deliver(Self.kazakhstan, on: server)
        #expect(whileAway.stdout.contains("(uint32 0,)"), "nothing shown yet: \(whileAway.stdout) \(whileAway.stderr)")
        // Its log comes through a pipe: read as it arrives, not at the call's answer.
        #expect(await daemon.waitUntil { $0.stderr.contains("held until the notification server is back") }, "\(daemon.stderr)")

        try await server.restart()
        #expect(await daemon.waitUntil { _ in (try? await server.notifyCalls())?.contains("'Kazakhstan'") == true }, "\(daemon.stderr)")
        _ = try await server.invokeAction(id: 1, key: "default")
        #expect(await daemon.waitUntil { _ in terminal.arguments != nil }, "clicks work with the new server: \(daemon.stderr)")
        #expect(terminal.arguments?.suffix(3) == ["open", "country", "KZ"])
        #expect(daemon.process.isRunning)
        #expect(await daemon.stop() == 0)
    }

    @Test func deliverRefusesWhatIsNotAValidAlert() async throws {
        let server = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: HandOffTests.quietDaemon)
        let daemon = try DaemonProcess([], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
        #expect(await daemon.waitUntil { _ in await server.daemonAnswers() }, "\(daemon.stderr)")
        let hostile = Self.kazakhstan.replacingOccurrences(of: #""argument":"KZ""#, with: #""argument":"KZ; touch /tmp/x""#)
        for json in [hostile, "[]", "not json", String(repeating: "[", count: 100_000)] {
            let result = try await Self.deliver(json, on: server)
            #expect(result.status != 0, "\(json.prefix(60))")
            #expect(result.stderr.contains("io.github.notifier.Error.InvalidAlerts"), "\(result.stderr)")
        }
        #expect(!(try await server.notifyCalls()).contains("Kazakhstan"))
        let good = try await Self.deliver(Self.kazakhstan, on: server)
        #expect(good.stdout.contains("(uint32 1,)"), "\(good.stdout) \(good.stderr)")
        #expect(await daemon.stop() == 0)
    }
}
