import EndToEndSupport
import FlyingFox
import Foundation
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// One bubble per subject: successive `notifier --once` runs against a
/// loopback CoinLore and python3-dbusmock's notification server; what goes over D-Bus is checked.
@Suite(.serialized, .sharingTheMachine) struct BubbleInPlaceTests {
    /// A `--once` config beside a daemon's sandbox, for passes that hand their bubbles over.
    static func onceConfig(in sandbox: Sandbox, _ server: LoopbackServer, notifyResolved: Bool) throws -> URL {
        let file = sandbox.root.appendingPathComponent("once.toml")
        try
            (config(server, notifyResolved: notifyResolved) + "\n" + Sandbox.noHolidays + "\n" + Sandbox.noForecast
            + "\n[delivery]\nimages = false\n").write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Dismisses bubble `id` on screen and waits until the daemon has forgotten it.
    static func dismiss(_ id: UInt32, bus: MockNotificationServer, daemon: DaemonProcess, sandbox: Sandbox) async throws {
        _ = try await bus.close(id: id)
        #expect(
            await daemon.waitUntil { _ in (try? Store.openForReading(path: sandbox.storeFile.path)?.bubbles().isEmpty) == true },
            "\(daemon.stderr)")
    }

    static func config(_ server: LoopbackServer, notifyResolved: Bool, extra: String = "") -> String {
        """
        [feeds.crypto]
        base_url = "\(server.baseURL)/api"
        symbols = ["BTC"]
        top = 0
        [rules.crypto_change]
        threshold_percent = 5
        rearm_percent = 4
        cooldown = "0s"
        notify_resolved = \(notifyResolved)
        [rules.crypto_cross]
        enabled = false
        [rules.crypto_move]
        enabled = false
        [rules.launch_country]
        enabled = false
        \(extra)
        """
    }

    /// Runs `notifier --once` once per 24 h change of BTC.
    static func run(_ changes: [String], config: (LoopbackServer) -> String, bus: MockNotificationServer) async throws -> Sandbox {
        let script = CryptoEndToEndTests.Script()
        let server = try await CryptoEndToEndTests.serve(script)
        let sandbox = try Sandbox(config: config(server))
        for change in changes {
            await script.set(try CryptoEndToEndTests.page(changes: ["BTC": change]))
            let result = try await ProcessRunner.notifier(["--once"], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": bus.address]))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("error"), "\(result.stderr)")
        }
        await server.stop()
        return sandbox
    }

    /// (replaces_id, summary) of each recorded Notify call.
    static func notifies(_ bus: MockNotificationServer) async throws -> [(replaces: UInt32, summary: String)] {
        try await bus.notifyCalls().matches(of: /<'notifier'>, <uint32 (\d+)>, <'[^']*'>, <'([^']*)'>/).map {
            (UInt32($0.1) ?? 0, String($0.2))
        }
    }

    @Test func aResolutionAndANewFireUpdateTheSameBubble() async throws {
        let bus = try await MockNotificationServer.start()
        _ = try await Self.run(["-5.5", "-2", "-8.2"], config: { Self.config($0, notifyResolved: true) }, bus: bus)
        let calls = try await Self.notifies(bus)
        #expect(calls.map(\.replaces) == [0, 1, 1], "\(calls)")
        #expect(calls.map(\.summary).first == "BTC −5.5 % in 24h ▼", "\(calls)")
        #expect(calls.count == 3 && calls[1].summary.hasPrefix("BTC back within ±5 % (−2 % in 24h)"), "\(calls)")
        #expect(calls.count == 3 && calls[2].summary.contains("BTC −8.2 % in 24h ▼, was −2 % at "), "\(calls)")
    }

    @Test func aSilentResolutionClosesTheBubble() async throws {
        let bus = try await MockNotificationServer.start()
        _ = try await Self.run(["-5.5", "-2", "-8.2"], config: { Self.config($0, notifyResolved: false) }, bus: bus)
        let calls = try await Self.notifies(bus)
        #expect(calls.map(\.replaces) == [0, 0], "a closed bubble is not updated: \(calls)")
        let closes = try await bus.call("org.freedesktop.DBus.Mock.GetMethodCalls", ["CloseNotification"]).stdout
        #expect(closes.contains("[<1>]"), "CloseNotification(1): \(closes)")
    }

    @Test func updateInPlaceOffStacksBubbles() async throws {
        let bus = try await MockNotificationServer.start()
        _ = try await Self.run(
            ["-5.5", "-2", "-8.2"], config: { Self.config($0, notifyResolved: true, extra: "[delivery]\nupdate_in_place = false") }, bus: bus)
        #expect(try await Self.notifies(bus).map(\.replaces) == [0, 0, 0])
        let closes = try await bus.call("org.freedesktop.DBus.Mock.GetMethodCalls", ["CloseNotification"]).stdout
        #expect(!closes.contains("[<"), "nothing closed: \(closes)")
    }

    @Test func aServerThatIgnoresTheIdGetsANewBubbleAndNoError() async throws {
        let bus = try await MockNotificationServer.start()
        // Every Notify gets a fresh id, whatever replaces_id says.
        let code = "\"self.given = getattr(self, 'given', 100) + 1; ret = self.given\""
        let added = try await bus.call("org.freedesktop.DBus.Mock.AddMethod", ["org.freedesktop.Notifications", "Notify", "susssasa{sv}i", "u", code])
        #expect(added.status == 0, "\(added.stderr)")
        _ = try await Self.run(["-5.5", "-2", "-8.2"], config: { Self.config($0, notifyResolved: true) }, bus: bus)
        #expect(try await Self.notifies(bus).map(\.replaces) == [0, 101, 102])
    }

    @Test func theDaemonShowsHandedOffUpdatesInPlace() async throws {
        let bus = try await MockNotificationServer.start()
        let script = CryptoEndToEndTests.Script()
        let server = try await CryptoEndToEndTests.serve(script)
        let sandbox = try Sandbox(config: HandOffTests.quietDaemon)
        let environment = sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": bus.address])
        let daemon = try DaemonProcess([], environment: environment)
        #expect(await daemon.waitUntil { _ in await bus.daemonAnswers() }, "\(daemon.stderr)")
        let onceConfig = try Self.onceConfig(in: sandbox, server, notifyResolved: true)
        for change in ["-5.5", "-2", "-6"] {
            if change == "-6" {
                // Dismissed on screen: the daemon hears it and forgets the id.
                try await Self.dismiss(1, bus: bus, daemon: daemon, sandbox: sandbox)
            }
            await script.set(try CryptoEndToEndTests.page(changes: ["BTC": change]))
            let once = try await ProcessRunner.notifier(["--once", "--config", onceConfig.path], environment: environment)
            #expect(once.status == 0, "\(once.stderr)")
        }
        #expect(daemon.stderr.components(separatedBy: "handed over by notifier --once").count == 4, "all shown by the daemon: \(daemon.stderr)")
        #expect(try await Self.notifies(bus).map(\.replaces) == [0, 1, 0], "the resolution updates; after the close, a new bubble")
        #expect(await daemon.stop() == 0)
        await server.stop()
    }
}
