import EndToEndSupport
import Foundation
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// "Snooze 1 h" and "Mute rule" on a daemon's bubble, clicked through the notification server's
/// real `ActionInvoked` signal on a private bus.
@Suite(.serialized, .sharingTheMachine) struct NotificationActionTests {
    @Test func snoozeAndMuteFromTheBubbleReachTheEngine() async throws {
        let script = CryptoEndToEndTests.Script()
        await script.set(try CryptoEndToEndTests.page(prices: ["BTC": "99000"]))
        let http = try await CryptoEndToEndTests.serve(script)
        let server = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: CryptoEndToEndTests.crossingConfig(http) + "\n[rules.crypto_move]\nenabled = false\n")
        let environment = sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address])
        // The price below the level first, so the daemon's first poll is a crossing.
        #expect(try await ProcessRunner.notifier(["--once", "--output", "json"], environment: environment).status == 0)
        await script.set(try CryptoEndToEndTests.page(prices: ["BTC": "100500"]))
        let daemon = try DaemonProcess([], environment: environment)
        #expect(await daemon.waitUntil { _ in (try? await server.notifyCalls())?.contains("BTC rose above") == true }, "\(daemon.stderr)")
        let calls = try await server.notifyCalls()
        #expect(calls.contains("<['default', 'Open', 'snooze', 'Snooze 1 h', 'mute', 'Mute rule']>"), "\(calls)")

        _ = try await server.invokeAction(id: 1, key: "snooze")
        #expect(await daemon.waitUntil { $0.stderr.contains("snoozed crypto_cross BTC") }, "\(daemon.stderr)")
        let snoozed = try await ProcessRunner.notifier(["rules"], environment: environment)
        #expect(snoozed.stdout.contains("[snoozed until"), "\(snoozed.stdout)")

        _ = try await server.invokeAction(id: 1, key: "mute")
        #expect(await daemon.waitUntil { $0.stderr.contains("muted crypto_cross") }, "\(daemon.stderr)")
        let muted = try await ProcessRunner.notifier(["rules"], environment: environment)
        #expect(muted.stdout.contains("crypto_cross") && muted.stdout.contains("[muted]"), "\(muted.stdout)")
        #expect(await daemon.stop() == 0)
        await http.stop()
    }

    @Test func theButtonsFollowTheServerAndTheAlert() throws {
        let link = try #require(DeepLink.crypto("BTC"))
        let single = Alert(rule: CryptoChangeRule.id, key: "BTC", title: "t", body: "b", category: "c", deepLink: link)
        var group = single
        group.members = [single, single]
        let launch = Alert(rule: LaunchCountryRule.id, key: "KZ", title: "t", body: "b", category: "c", deepLink: try #require(DeepLink.country("KZ")))
        #expect(NotificationAction.offered(for: single, capabilities: ["body"]) == [])
        #expect(NotificationAction.offered(for: single, capabilities: ["actions"]) == [.open, .snooze, .mute])
        #expect(NotificationAction.offered(for: group, capabilities: ["actions"]) == [.open, .mute])
        #expect(NotificationAction.offered(for: launch, capabilities: ["actions"]) == [.open])
    }

    @Test func aSnoozeSilencesOneSubjectForItsTime() {
        let key = SubjectKey(rule: "crypto_cross", subject: "BTC")
        let now = Date(timeIntervalSince1970: 1_000_000)
        let engine = RuleEngine(snoozes: [key: now.addingTimeInterval(3600)])
        #expect(engine.isSilenced(key, now: now))
        #expect(!engine.isSilenced(SubjectKey(rule: "crypto_cross", subject: "ETH"), now: now))
        #expect(!engine.isSilenced(key, now: now.addingTimeInterval(3600)))
    }
}
