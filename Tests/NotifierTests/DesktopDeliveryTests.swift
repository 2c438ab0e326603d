import FlyingFox
import Foundation
import TestSupport
import Testing

/// `notifier --once` against a real notification server on a private session bus.
@Suite(.serialized) struct DesktopDeliveryTests {
    @Test func theNotificationCarriesItsDeepLink() async throws {
        let server = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let result = try await ProcessRunner.notifier(["--once", "--seed", "42"], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
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

    @Test func feedTextIsEscapedForBodyMarkup() async throws {
        let hostile = Data(#"""
            [{"name":{"common":"Evil <b>Land</b>","official":"x"},"cca2":"EV","cca3":"EVL",
              "capital":["<a href='http://x'>Cap</a> & $(touch /tmp/pwned)"],"region":"Nowhere","population":1}]
            """#.utf8)
        let http = try await LoopbackServer.start([("GET /v3.1/all", { _ in LoopbackServer.json(hostile) })])
        let server = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: CLITests.remoteCountries(http))
        let result = try await ProcessRunner.notifier(["--once"], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
        await http.stop()
        #expect(result.status == 0, "\(result.stderr)")
        let calls = try await server.notifyCalls()
        // The summary is plain text; the body is markup, escaped.
        #expect(calls.contains("Evil <b>Land</b>"), "\(calls)")
        #expect(calls.contains("Capital: &lt;a href=&apos;http://x&apos;&gt;Cap&lt;/a&gt; &amp; $(touch /tmp/pwned)"), "\(calls)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/pwned"))
    }

    @Test func aServerWithoutMarkupOrActionsGetsPlainText() async throws {
        let server = try await MockNotificationServer.start(capabilities: "body")
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let result = try await ProcessRunner.notifier(["--once", "--seed", "1"], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
        #expect(result.status == 0)
        let calls = try await server.notifyCalls()
        #expect(calls.contains("@as []"), "no actions where the server has none: \(calls)")
        #expect(calls.contains("'x-notifier-deeplink'"))
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

/// The daemon while its notification server crashes and comes back on the same bus.
@Suite struct NotificationServerRestartTests {
    /// BTC's price at each poll by id: over the upper level, then under the lower one.
    actor Bitcoin {
        var polls = 0
        func next() -> Data {
            polls += 1
            return Data(String(decoding: (try? Samples.data("coinlore_ticker_id90.json")) ?? Data(), as: UTF8.self)
                .replacingOccurrences(of: "66744.89", with: polls == 1 ? "101000" : "98000").utf8)
        }
    }

    @Test func theDaemonCarriesOnWhileTheServerIsGoneAndUsesItWhenItReturns() async throws {
        let bitcoin = Bitcoin()
        let start = try CryptoEndToEndTests.page(prices: ["BTC": "99500"])
        let http = try await LoopbackServer.start([
            ("GET /api/tickers", { _ in LoopbackServer.json(start) }),
            ("GET /api/ticker", { _ in LoopbackServer.json(await bitcoin.next()) }),
        ])
        let server = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: """
            [feeds.crypto]
            base_url = "\(http.baseURL)/api"
            interval = "10s"
            [rules.crypto_cross]
            levels = ["BTC > 100000", "BTC < 99000"]
            [rules.launch_country]
            enabled = false
            """)
        let daemon = try DaemonProcess([], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
        // The first poll's moves show while the server is up.
        #expect(await daemon.waitUntil(timeout: .seconds(40)) { _ in (try? await server.notifyCalls().contains("coins moved")) == true },
                "\(daemon.stderr)")

        server.killServer()
        // The next poll's crossing comes while no server is there: one clear line, no crash.
        #expect(await daemon.waitUntil(timeout: .seconds(40)) { $0.stderr.contains("crypto_cross") }, "\(daemon.stderr)")
        let failure = daemon.stderr.split(separator: "\n").filter { $0.contains("crypto_cross") }
        #expect(failure.count == 1 && failure.first?.contains("desktop notification failed") == true, "\(failure)")
        #expect(daemon.process.isRunning)

        try await server.restartServer()
        // The crossing after that goes to the new server.
        #expect(await daemon.waitUntil(timeout: .seconds(40)) { _ in (try? await server.notifyCalls().contains("BTC fell below $99,000")) == true },
                "\(daemon.stderr)")
        #expect(daemon.process.isRunning)
        #expect(await daemon.stop() == 0)
        await http.stop()
    }
}
