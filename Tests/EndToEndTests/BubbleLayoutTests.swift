import EndToEndSupport
import Foundation
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierDelivery
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// What a bubble says and offers on servers of different capabilities, and the kind it tells
/// the desktop: the pure decision, then the same through python3-dbusmock servers whose
/// capabilities the test chooses.
@Suite(.sharingTheMachine) struct BubbleLayoutTests {
    static func kazakhstan(body: String = "Capital: Astana", urgency: Urgency = .low, rule: String = LaunchCountryRule.id) throws -> Alert {
        Alert(
            rule: rule, key: "KZ", title: "Kazakhstan & <friends>", body: body, urgency: urgency, category: "x",
            deepLink: try #require(DeepLink.country("KZ")))
    }

    @Test func withoutActionsTheBodyEndsWithTheCommandToRun() throws {
        let layout = BubbleLayout(try Self.kazakhstan(), capabilities: ["body", "persistence"])
        #expect(layout.actions.isEmpty)
        #expect(layout.body == "Capital: Astana\n→ notifier open country KZ")
        let marked = BubbleLayout(try Self.kazakhstan(), capabilities: ["body", "body-markup", "persistence"])
        #expect(marked.body == "Capital: Astana\n→ notifier open country KZ", "→ needs no escaping")
        let clickable = BubbleLayout(try Self.kazakhstan(), capabilities: ["actions", "body", "persistence"])
        #expect(clickable.body == "Capital: Astana", "a click opens it: the command is not repeated")
        #expect(clickable.actions == [.open])
    }

    @Test func textIsEscapedOnceWhereTheServerReadsMarkupAndNowhereElse() throws {
        let alert = try Self.kazakhstan(body: "Fish & Chips <b>x</b> &amp;")
        let plain = BubbleLayout(alert, capabilities: ["actions", "persistence"])
        #expect(plain.body == "Fish & Chips <b>x</b> &amp;")
        #expect(plain.summary == "Kazakhstan & <friends>", "the summary is plain text everywhere")
        let marked = BubbleLayout(alert, capabilities: ["actions", "body-markup", "persistence"])
        #expect(marked.body == "Fish &amp; Chips &lt;b&gt;x&lt;/b&gt; &amp;amp;")
        #expect(marked.summary == "Kazakhstan & <friends>")
        let linked = BubbleLayout(alert, capabilities: ["body-markup", "body-hyperlinks", "persistence"])
        #expect(linked.body.hasSuffix("\n<a href=\"notifier://country/KZ\">notifier open country KZ</a>"), "the command is the link")
    }

    @Test func withoutPersistenceTheFirstBubbleSaysWhereThePastOnesAre() throws {
        let first = BubbleLayout(try Self.kazakhstan(), capabilities: ["actions", "body"])
        #expect(first.mentionsHistory)
        #expect(first.body == "Capital: Astana\n" + BubbleLayout.historyLine)
        #expect(!BubbleLayout(try Self.kazakhstan(), capabilities: ["actions", "body"], historyMentioned: true).mentionsHistory)
        #expect(!BubbleLayout(try Self.kazakhstan(), capabilities: ["actions", "persistence"]).mentionsHistory)
    }

    @Test func everyRuleHasAKindAndItsCategory() throws {
        for rule in Program.notifier.rules {
            #expect(BubbleKind.of(try Self.kazakhstan(rule: rule.id)) != nil, "\(rule.id) has no kind in its feed kind's bubbleKinds")
        }
        let expected: [(String, String)] = [
            (CryptoChangeRule.id, "x-notifier.crypto"), (UpcomingHolidayRule.id, "x-notifier.holiday"),
            (TemperatureShiftRule.id, "x-notifier.forecast"), (LaunchCountryRule.id, "x-notifier.country"),
            ("feed_health", "x-notifier.feed"), ("reminder", "x-notifier.reminder"),
            ("watch_page", "x-notifier.watch"), (Outbox.summaryRule, "x-notifier.summary"),
        ]
        for (rule, category) in expected {
            #expect(BubbleLayout(try Self.kazakhstan(rule: rule), capabilities: []).category == category, "\(rule)")
        }
        var holiday = try Self.kazakhstan(rule: UpcomingHolidayRule.id)
        holiday.category = UpcomingHolidayRule.category.public
        #expect(BubbleKind.category(for: holiday) == "x-notifier.holiday.public", "a rule's finer category is kept")
        var unknown = try Self.kazakhstan(rule: "test_pulse")
        unknown.category = "x-notifier.test"
        #expect(BubbleKind.category(for: unknown) == "x-notifier.test")
    }

    @Test func remindersAndCriticalAlertsHaveASound() throws {
        #expect(BubbleKind.soundName(for: try Self.kazakhstan()) == nil)
        #expect(BubbleKind.soundName(for: try Self.kazakhstan(urgency: .critical, rule: CryptoMoveRule.id)) == "message-new-instant")
        #expect(BubbleKind.soundName(for: try Self.kazakhstan(rule: "reminder")) == "alarm-clock-elapsed")
    }
}

/// The same decisions as a server sees them: dbusmock records every call.
@Suite(.serialized, .sharingTheMachine) struct ServerCapabilitiesTests {
    static let critical =
        #"[{"rule":"crypto_move","key":"BTC","title":"BTC −9 %","body":"Fish & Chips <b>","urgency":"critical","category":"x","deepLink":{"view":"country","argument":"KZ"}}]"#

    /// How many times the server was asked `GetCapabilities`.
    static func capabilityQuestions(_ server: MockNotificationServer) async throws -> Int {
        let calls = try await server.call("org.freedesktop.DBus.Mock.GetMethodCalls", ["GetCapabilities"]).stdout
        // `([(uint64 1, @av []), (2, [])],)`: each call ends with its empty argument list.
        return calls.components(separatedBy: "[])").count - 1
    }

    @Test func capabilitiesAreAskedOncePerServerAndAgainForANewOne() async throws {
        let server = try await MockNotificationServer.start()
        _ = try await server.call("org.freedesktop.DBus.Mock.ClearCalls")
        let sandbox = try Sandbox(config: HandOffTests.quietDaemon)
        let daemon = try DaemonProcess([], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
        #expect(await daemon.waitUntil { _ in await server.daemonAnswers() }, "\(daemon.stderr)")
        for _ in 0..<2 { #expect(try await DaemonBusTests.deliver(DaemonBusTests.kazakhstan, on: server).status == 0) }
        let calls = try await server.notifyCalls()
        #expect(calls.components(separatedBy: "'Kazakhstan'").count - 1 == 2)
        #expect(try await Self.capabilityQuestions(server) == 1, "one question for two bubbles")
        #expect(calls.contains("<['default', 'Open']>"))
        #expect(!calls.contains("notifier history"), "a server with persistence keeps them itself")

        server.stopServer()
        #expect(await daemon.waitUntil { $0.stderr.contains("the notification server left the session bus") }, "\(daemon.stderr)")
        try await server.restart(capabilities: "body")
        // The new server has been asked once by the test (is it there?) and once by the daemon.
        #expect(await daemon.waitUntil { _ in (try? await Self.capabilityQuestions(server)) == 2 }, "\(daemon.stderr)")
        for _ in 0..<2 { #expect(try await DaemonBusTests.deliver(DaemonBusTests.kazakhstan, on: server).status == 0) }
        let plain = try await server.notifyCalls()
        #expect(plain.contains("@as []"), "no buttons where the server shows none: \(plain)")
        #expect(plain.contains("<'Capital: Astana\\n→ notifier open country KZ\\n\(BubbleLayout.historyLine)'>"), "\(plain)")
        #expect(plain.contains("<'Capital: Astana\\n→ notifier open country KZ'>"), "the history line once: \(plain)")
        let asked = try await Self.capabilityQuestions(server)
        #expect(asked == 2, "asked \(asked) times")
        #expect(await daemon.stop() == 0)
    }

    @Test func onceLeavesOutWhereThePastOnesAreAsItWouldSayItOnEveryRun() async throws {
        let server = try await MockNotificationServer.start(capabilities: "body")
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let once = try await ProcessRunner.notifier(["--once", "--seed", "42"], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
        #expect(once.status == 0, "\(once.stderr)")
        let calls = try await server.notifyCalls()
        #expect(calls.contains("→ notifier open country"), "\(calls)")
        #expect(!calls.contains(BubbleLayout.historyLine), "\(calls)")
    }

    @Test func theBubbleTellsItsKindAndSound() async throws {
        let server = try await MockNotificationServer.start(capabilities: "actions body persistence")
        let sandbox = try Sandbox(config: HandOffTests.quietDaemon)
        let daemon = try DaemonProcess([], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
        #expect(await daemon.waitUntil { _ in await server.daemonAnswers() }, "\(daemon.stderr)")
        #expect(try await DaemonBusTests.deliver(Self.critical, on: server).status == 0)
        let calls = try await server.notifyCalls()
        #expect(calls.contains("'category': <'x-notifier.crypto'>"), "\(calls)")
        #expect(calls.contains("'sound-name': <'message-new-instant'>"), "\(calls)")
        #expect(calls.contains("<'Fish & Chips <b>'>"), "plain text, escaped nowhere: \(calls)")
        #expect(await daemon.stop() == 0)
    }
}
