import EndToEndSupport
import FlyingFox
import Foundation
import TestSupport
import Testing

/// `notifier --once` against a real notification server on a private session bus.
@Suite(.serialized, .sharingTheMachine) struct DesktopDeliveryTests {
    @Test func theNotificationCarriesItsDeepLink() async throws {
        let server = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let result = try await ProcessRunner.notifier(
            ["--once", "--seed", "42"], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "a delivered bubble prints nothing")
        let calls = try await server.notifyCalls()
        let json = try await ProcessRunner.notifier(["--once", "--output", "json", "--seed", "42"], environment: sandbox.environment())
        let line = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: String])
        let key = try #require(line["key"])
        #expect(calls.contains("<'notifier'>, <uint32 0>"), "\(calls)")
        #expect(calls.contains("<'\(line["title"]!)'>"), "\(calls)")
        #expect(calls.contains("<['default', 'Open']>"))
        #expect(calls.contains("'desktop-entry': <'notifier'>"))
        #expect(calls.contains("'x-notifier-deeplink': <'notifier open country \(key)'>"))
        #expect(calls.contains("'x-notifier-url': <'notifier://country/\(key)'>"))
        #expect(calls.contains("'urgency': <byte 0x00>"))
        #expect(calls.contains("'category': <'x-notifier.country'>"))
    }

    @Test func aServerWithoutMarkupOrActionsGetsPlainText() async throws {
        let server = try await MockNotificationServer.start(capabilities: "body")
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let result = try await ProcessRunner.notifier(
            ["--once", "--seed", "1"], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
        #expect(result.status == 0)
        let calls = try await server.notifyCalls()
        #expect(calls.contains("@as []"), "no actions where the server has none: \(calls)")
        #expect(calls.contains("'x-notifier-deeplink'"))
    }

    @Test func theDeepLinkIsALinkInTheBodyOnlyWhereTheServerShowsLinks() async throws {
        for (capabilities, linked) in [(MockNotificationServer.allCapabilities, true), ("actions body body-markup", false)] {
            let server = try await MockNotificationServer.start(capabilities: capabilities)
            let sandbox = try Sandbox(config: CLITests.noDelay)
            let result = try await ProcessRunner.notifier(
                ["--once", "--seed", "42"], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
            #expect(result.status == 0)
            let calls = try await server.notifyCalls()
            let link = calls.firstMatch(of: /<a href="notifier:\/\/country\/([A-Z]{2})">notifier open country ([A-Z]{2})<\/a>/)
            #expect((link != nil) == linked, "\(capabilities): \(calls)")
            if let link { #expect(link.1 == link.2) }
        }
    }

    @Test func withNoBusItFallsBackToTheTerminal() async throws {
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let result = try await ProcessRunner.notifier(["--once", "--seed", "42"], environment: sandbox.environment())
        #expect(result.status == 0)
        #expect(result.stdout.contains("→ notifier open country "), "\(result.stdout)")
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "one clear warning: \(result.stderr)")
        #expect(warnings.first?.contains("showing notifications in the terminal instead") == true)

        let history = try await ProcessRunner.notifier(["history"], environment: sandbox.environment())
        #expect(history.stdout.contains("launch_country"))
    }
}
