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

/// A deeper move updates the bubble on screen (one bubble per subject): `notifier --once` runs against
/// a loopback CoinLore and python3-dbusmock's notification server; what goes over D-Bus is checked,
/// then what `why`, `rules`, `history` and `--dry-run` say about it.
@Suite(.serialized, .sharingTheMachine) struct BubbleDeeperTests {
    typealias Script = CryptoEndToEndTests.Script

    /// (replaces_id, summary, body) of each recorded Notify call.
    static func notifies(_ bus: MockNotificationServer) async throws -> [(replaces: UInt32, summary: String, body: String)] {
        try await bus.notifyCalls().matches(of: /<'notifier'>, <uint32 (\d+)>, <'[^']*'>, <'([^']*)'>, <'([^']*)'>/).map {
            (UInt32($0.1) ?? 0, String($0.2), String($0.3))
        }
    }

    static func closes(_ bus: MockNotificationServer) async throws -> String {
        try await bus.call("org.freedesktop.DBus.Mock.GetMethodCalls", ["CloseNotification"]).stdout
    }

    static func once(_ sandbox: Sandbox, _ bus: MockNotificationServer, _ arguments: [String] = []) async throws -> ProcessResult {
        let result = try await ProcessRunner.notifier(["--once"] + arguments, environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": bus.address]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("error"), "\(result.stderr)")
        return result
    }

    @Test func aDeeperMoveUpdatesTheBubbleAndARecedeClosesIt() async throws {
        let bus = try await MockNotificationServer.start()
        let script = Script()
        let server = try await CryptoEndToEndTests.serve(script)
        let sandbox = try Sandbox(config: BubbleInPlaceTests.config(server, notifyResolved: false))
        for change in ["-5.5", "-8.2", "-8.4"] {
            await script.set(try CryptoEndToEndTests.page(changes: ["BTC": change]))
            _ = try await Self.once(sandbox, bus)
        }
        let calls = try await Self.notifies(bus)
        #expect(calls.map(\.replaces) == [0, 1], "the update replaces the bubble the first Notify got (1); −8.4 is no step deeper: \(calls)")
        #expect(calls.map(\.summary) == ["BTC −5.5 % in 24h ▼", "BTC −8.2 % in 24h ▼"], "\(calls)")
        #expect(calls.count == 2 && calls[1].body.contains(/^was −5\.5 % at \d\d:\d\d/), "\(calls)")

        // `why`, `rules` and `history` say it in the same words.
        let why = try await ProcessRunner.notifier(["why", "crypto_change", "BTC"], environment: sandbox.environment())
        let updated = try #require(why.stdout.split(separator: "\n").first { $0.contains("updated the bubble") }.map(String.init), "\(why.stdout)")
        #expect(updated.contains(/\d\d:\d\d −8\.2 %: updated the bubble shown at \d\d:\d\d \(was −5\.5 %\)/), "\(updated)")
        let rules = try await ProcessRunner.notifier(["rules"], environment: sandbox.environment())
        #expect(rules.stdout.contains("last decision " + updated.trimmingCharacters(in: .whitespaces)), "\(rules.stdout)")
        let history = try await ProcessRunner.notifier(["history"], environment: sandbox.environment())
        #expect(history.stdout.contains("BTC −8.2 % in 24h ▼") && history.stdout.contains("because updated the bubble shown at "), "\(history.stdout)")

        // A dry run on a deeper move says it would update, in the words of `why`.
        await script.set(try CryptoEndToEndTests.page(changes: ["BTC": "-11"]))
        let dry = try await ProcessRunner.notifier(["--once", "--dry-run"], environment: sandbox.environment())
        #expect(dry.stdout.contains("would update crypto_change BTC: BTC −11 % in 24h ▼"), "\(dry.stdout)")
        #expect(dry.stdout.contains(/because updated the bubble shown at (\d{4}-\d\d-\d\d )?\d\d:\d\d \(was −8\.2 %\)/), "\(dry.stdout)")
        #expect(try await Self.notifies(bus).count == 2, "a dry run shows nothing")

        // It recedes, notify_resolved off: the same bubble is closed.
        await script.set(try CryptoEndToEndTests.page(changes: ["BTC": "-2"]))
        _ = try await Self.once(sandbox, bus)
        #expect(try await Self.closes(bus).contains("[<1>]"), "CloseNotification(1)")
        let json = try await ProcessRunner.notifier(["why", "crypto_change", "BTC", "--json"], environment: sandbox.environment())
        let outcomes = try json.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String])["outcome"]
        }
        #expect(outcomes == ["fired", "delivered", "updated", "resolved"], "\(json.stdout)")
        await server.stop()
    }

    @Test func updateInPlaceOffUpdatesNothing() async throws {
        let bus = try await MockNotificationServer.start()
        _ = try await BubbleInPlaceTests.run(
            ["-5.5", "-8.2", "-12"],
            config: {
                BubbleInPlaceTests.config($0, notifyResolved: false, extra: "[delivery]\nupdate_in_place = false")
            }, bus: bus)
        #expect(try await Self.notifies(bus).map(\.summary) == ["BTC −5.5 % in 24h ▼"], "nothing new stacks")
    }

    /// Dismissed on screen: the daemon hears NotificationClosed and forgets the id, so the next
    /// deeper move (a `--once` handing its bubbles to the daemon) shows nothing, and says why.
    @Test func aClosedBubbleIsNotReopenedByADeeperMove() async throws {
        let bus = try await MockNotificationServer.start()
        let script = Script()
        let server = try await CryptoEndToEndTests.serve(script)
        let sandbox = try Sandbox(config: HandOffTests.quietDaemon)
        let environment = sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": bus.address])
        let daemon = try DaemonProcess([], environment: environment)
        #expect(await daemon.waitUntil { _ in await bus.daemonAnswers() }, "\(daemon.stderr)")
        let onceConfig = try BubbleInPlaceTests.onceConfig(in: sandbox, server, notifyResolved: false)
        for change in ["-5.5", "-8.2"] {
            if change == "-8.2" {
                try await BubbleInPlaceTests.dismiss(1, bus: bus, daemon: daemon, sandbox: sandbox)
            }
            await script.set(try CryptoEndToEndTests.page(changes: ["BTC": change]))
            let once = try await ProcessRunner.notifier(["--once", "--config", onceConfig.path], environment: environment)
            #expect(once.status == 0, "\(once.stderr)")
        }
        #expect(try await Self.notifies(bus).map(\.summary) == ["BTC −5.5 % in 24h ▼"], "no new bubble for the update")
        let why = try await ProcessRunner.notifier(["why", "crypto_change", "BTC", "--config", onceConfig.path], environment: environment)
        #expect(why.stdout.contains("−8.2 %: not updated: its bubble is no longer on screen, and an update never opens a new one"), "\(why.stdout)")
        #expect(await daemon.stop() == 0)
        await server.stop()
    }
}
