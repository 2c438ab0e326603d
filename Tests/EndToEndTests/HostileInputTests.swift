import EndToEndSupport
import FlyingFox
import Foundation
import NotifierSystem
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

/// Feed text is untrusted end to end: shown as text, escaped where it is markup, never run,
/// cut to a sane length; keys never shown; TLS never off.
@Suite(.serialized, .sharingTheMachine) struct HostileInputTests {
    static let marker = "/tmp/pwn-\(UUID().uuidString.prefix(8))"
    /// A country whose every field tries something: markup, shell, control and bidi
    /// characters, and a 100 kB name.
    static var hostileCountries: Data {
        let name =
            "<b>Evil</b> & $(touch \(marker)) `touch \(marker)`; touch \(marker) \u{1B}[31mred\u{07}\u{202E}desrever\u{2066}"
            + String(repeating: "A", count: 100_000)
        let country: [String: Any] = [
            "name": ["common": name, "official": name],
            "cca2": "EV", "cca3": "EVL",
            "capital": ["<a href='http://x'>Cap</a> & $(touch \(marker))\u{0}\u{8}"],
            "region": "Nowhere\u{202E}", "population": 1,
        ]
        return (try? JSONSerialization.data(withJSONObject: [country])) ?? Data()
    }

    @Test func aHostileCountryReachesTheNotificationServerAsBoundedEscapedText() async throws {
        let hostile = Self.hostileCountries
        let http = try await LoopbackServer.start([("GET /v3.1/all", { _ in LoopbackServer.json(hostile) })])
        let server = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: FlagImageTests.config(http, images: false))
        let result = try await ProcessRunner.notifier(["--once"], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
        await http.stop()
        #expect(result.status == 0, "\(result.stderr)")
        let calls = try await server.notifyCalls()
        #expect(calls.contains("<b>Evil</b> &amp;") == false, "the summary is plain text, not escaped: \(calls.prefix(400))")
        #expect(calls.contains("<b>Evil</b> & $(touch \(Self.marker))"), "shown as text: \(calls.prefix(400))")
        #expect(calls.contains("&lt;a href=&apos;http://x&apos;&gt;Cap&lt;/a&gt; &amp; $(touch \(Self.marker))"), "the body escaped: \(calls.prefix(2000))")
        #expect(!calls.contains(String(repeating: "A", count: TextSanitizer.maxTitleCharacters)), "the title cut")
        #expect(calls.contains("AAAA…"), "cut with an ellipsis")
        #expect(calls.utf8.count < 20_000, "nothing near 100 kB goes over D-Bus: \(calls.utf8.count) bytes")
        // Control and bidi characters gone (gdbus would print them escaped, in between).
        #expect(calls.contains("[31mreddesreverAAAA"), "\(calls.prefix(600))")
        #expect(!FileManager.default.fileExists(atPath: Self.marker), "never run")

        // The ledger holds the same bounded text, and the views print it as text.
        let history = try await ProcessRunner.notifier(["history", "--json"], environment: sandbox.environment())
        #expect(history.stdout.utf8.count < 10_000, "\(history.stdout.utf8.count) bytes")
        let view = try await ProcessRunner.notifier(["open", "country", "EV"], environment: sandbox.environment())
        #expect(view.status == 0, "\(view.stderr)")
        #expect(!view.stdout.contains("\u{1B}[31m") && !view.stdout.contains("\u{202E}"))
        #expect(!FileManager.default.fileExists(atPath: Self.marker), "never run")
    }

    @Test func theJSONOutputCarriesTheSameBoundedText() async throws {
        let hostile = Self.hostileCountries
        let http = try await LoopbackServer.start([("GET /v3.1/all", { _ in LoopbackServer.json(hostile) })])
        let sandbox = try Sandbox(config: FlagImageTests.config(http, images: false))
        let result = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
        await http.stop()
        let line = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: String], "\(result.stdout.prefix(300))")
        let title = try #require(line["title"])
        #expect(title.count == TextSanitizer.maxTitleCharacters && title.hasSuffix("…"), "\(title.count)")
        #expect(
            title.contains("<b>Evil</b> & $(touch \(Self.marker)) `touch \(Self.marker)`; touch \(Self.marker) [31mreddesreverAAAA"), "\(title.prefix(120))")
        #expect(!FileManager.default.fileExists(atPath: Self.marker))
    }

    @Test func boundingKeepsShortTextAndCutsOnCharacters() {
        #expect(TextSanitizer.cut("short", to: 10) == "short")
        #expect(TextSanitizer.cut("🇪🇪🇪🇪🇪🇪🇪🇪", to: 3) == "🇪🇪🇪🇪…", "whole flags, never half a grapheme")
        let alert = TextSanitizer.bounded(.init(rule: "r", key: "k", title: "a\nb\u{202E}c", body: "x\ny\u{1B}z", category: "c", deepLink: .history))
        #expect(alert.title == "a bc")
        #expect(alert.body == "x\nyz")
    }

    // MARK: Keys

    @Test func keysNeverShowAndAnOpenConfigFileIsWarnedAbout() async throws {
        let key = "super-secret-key-0123456789"
        let api = try await LoopbackServer.start([
            ("GET /countries/v5", { _ in LoopbackServer.json(Data(#"{"errors":[{"message":"Authorization key required."}]}"#.utf8), status: .unauthorized) }),
            ("POST /holidays", { _ in LoopbackServer.json(Data(#"{"error":true,"reason":"invalid-api-key"}"#.utf8)) }),
        ])
        let sandbox = try Sandbox(
            config: """
                [feeds.countries]
                source = "restcountries-v5"
                base_url = "\(api.baseURL)/countries/v5"
                api_key = "\(key)"
                [feeds.crypto]
                enabled = false
                [feeds.holidays]
                source = "remote"
                base_url = "\(api.baseURL)/holidays"
                api_key = "\(key)"
                [rules.launch_country]
                enabled = false
                """, holidays: true)
        let path = sandbox.configFile.path
        chmod(path, 0o644)
        var outputs: [ProcessResult] = []
        for arguments in [["config", "check"], ["--once", "--output", "json", "--verbose"], ["rules"], ["history"]] {
            outputs.append(try await ProcessRunner.notifier(arguments, environment: sandbox.environment()))
        }
        await api.stop()
        for output in outputs {
            #expect(!output.stdout.contains(key) && !output.stderr.contains(key), "\(output.stdout)\(output.stderr)")
        }
        #expect(outputs[0].stdout.contains("api_key = \"supe…6789\""), "masked: \(outputs[0].stdout)")
        #expect(outputs[0].stderr.contains("\(path) holds an API key and other users can read it: chmod 600 \(path)"), "\(outputs[0].stderr)")
        #expect(outputs[1].stderr.contains("rejected the API key"), "\(outputs[1].stderr)")

        chmod(path, 0o600)
        let quiet = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(!quiet.stderr.contains("other users can read it"), "\(quiet.stderr)")
    }

    // MARK: TLS

    /// No key turns certificate checks off: every spelling is an unknown key, exit 2.
    @Test(arguments: [
        "[feeds.crypto]\nverify_tls = false\n", "verify_tls = false\n", "[http]\ninsecure = true\n",
        "[feeds.forecast]\ntls_verify = false\n", "[feeds.holidays]\nssl_verify = false\n",
    ])
    func tlsVerificationCannotBeTurnedOff(_ text: String) async throws {
        let sandbox = try Sandbox(config: text)
        let result = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stderr.contains("unknown key"), "\(result.stderr)")
    }

    @Test func noConfigKeySpeaksOfTLS() {
        let suspicious = Config.settings.map(\.key).filter { key in
            ["tls", "ssl", "verify", "insecure", "cert"].contains { key.lowercased().contains($0) }
        }
        #expect(suspicious.isEmpty, "\(suspicious)")
    }
}
