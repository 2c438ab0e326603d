import FlyingFox
import Foundation
import TestSupport
import Testing

/// The built program, run as a user runs it.
@Suite(.sharingTheMachine) struct CLITests {
    /// The launch country at once, and no crypto feed: tests never reach the real CoinLore.
    static let noDelay = Sandbox.noDelay

    @Test func openCountryPrintsTheDetailView() async throws {
        let sandbox = try Sandbox()
        let result = try await ProcessRunner.notifier(["open", "country", "kz"], environment: sandbox.environment())
        #expect(result.status == 0, "\(result.stderr)")
        for expected in [
            "🇰🇿 Kazakhstan  KZ / KAZ", "Republic of Kazakhstan", "Capital     Astana (51.16°N, 71.45°E)",
            "openstreetmap.org/?mlat=51.1600&mlon=71.4500", "Region      Asia · Central Asia",
            "Population  18,754,440", "Area        2,724,900 km²", "Kazakhstani tenge (KZT, ₸)",
            "Languages   Kazakh, Russian", "Timezones   UTC+05:00\n",
            "Borders     China, Kyrgyzstan, Russia, Turkmenistan, Uzbekistan", "Source: embedded data set",
        ] {
            #expect(result.stdout.contains(expected), "missing \(expected) in\n\(result.stdout)")
        }
        #expect(!result.stdout.contains("\u{1B}["), "no colors when not on a terminal")
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeFile.path), "a view creates no store")
    }

    @Test func theFastPathAndTheParserAgree() async throws {
        let page = try Samples.data("coinlore_tickers_page1.json")
        let server = try await LoopbackServer.start([("GET /api/tickers", { _ in LoopbackServer.json(page) })])
        defer { Task { await server.stop() } }
        let sandbox = try Sandbox(
            config: "[rules.launch_country]\nenabled = false\n[feeds.crypto]\nbase_url = \"\(server.baseURL)/api\"\n" + Sandbox.noHolidays)
        let poll = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
        #expect(poll.status == 0, "\(poll.stderr)")
        // The data's age ("12 s ago") may tick between the two runs.
        let age = /\(\d+ s ago\)/
        for arguments in [
            ["open", "country", "KZ"], ["open", "country", "Estonia", "--json"], ["open", "country", "XX"],
            ["open", "crypto", "btc"], ["open", "crypto", "ETH", "--json"], ["open", "crypto", "NOPE"],
            ["open", "week"], ["open", "week", "2026-12-21"], ["open", "week", "2026-13-01"],
        ] {
            let fast = try await ProcessRunner.notifier(arguments, environment: sandbox.environment())
            let parsed = try await ProcessRunner.notifier(arguments + ["--config", sandbox.configFile.path], environment: sandbox.environment())
            #expect(
                fast.stdout.replacing(age, with: "") == parsed.stdout.replacing(age, with: "") && fast.stderr == parsed.stderr
                    && fast.status == parsed.status, "\(arguments)")
            #expect(!fast.stdout.isEmpty || !fast.stderr.isEmpty, "\(arguments)")
        }
    }

    @Test func openCountryAsJSON() async throws {
        let result = try await ProcessRunner.notifier(["open", "country", "EST", "--json"], environment: Sandbox().environment())
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((json?["country"] as? [String: Any])?["commonName"] as? String == "Estonia")
        #expect((json?["borderNames"] as? [String])?.contains("Latvia") == true)
    }

    @Test(arguments: [
        ("XX", "unknown country 'XX'"), ("Kazakstan", "unknown country 'Kazakstan'; did you mean Kazakhstan?"),
        ("$(reboot)", "unknown country '$(reboot)'"),
    ])
    func unknownCountriesExitWithTwo(_ query: String, _ message: String) async throws {
        let result = try await ProcessRunner.notifier(["open", "country", query], environment: Sandbox().environment())
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aBadConfigStopsWithTwoAndTheLine() async throws {
        let sandbox = try Sandbox(config: "[rules.launch_country]\n\ndelay_seconds = 90\n")
        for arguments in [["--once"], ["config", "check"], ["open", "country", "KZ"]] {
            let result = try await ProcessRunner.notifier(arguments, environment: sandbox.environment())
            #expect(result.status == 2)
            #expect(result.stderr.contains("config.toml:3: rules.launch_country.delay_seconds must be between 0 and 60, got 90"), "\(result.stderr)")
        }
    }

    @Test func usageErrorsExitWithTwo() async throws {
        let result = try await ProcessRunner.notifier(["--output", "carrier-pigeon"], environment: Sandbox().environment())
        #expect(result.status == 2)
        #expect(result.stderr.contains("carrier-pigeon"))
    }

    @Test func configCheckPrintsTheEffectiveConfig() async throws {
        let sandbox = try Sandbox(config: Self.noDelay)
        let result = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(result.status == 0)
        #expect(result.stdout.contains("# config: \(sandbox.configFile.path)"))
        #expect(result.stdout.contains("[rules.launch_country]\nenabled = true\ndelay_seconds = 0\n"))
    }

    @Test func onceWithJSONOutputIsRepeatableAndRecorded() async throws {
        let sandbox = try Sandbox(config: Self.noDelay)
        let first = try await ProcessRunner.notifier(["--once", "--output", "json", "--seed", "42"], environment: sandbox.environment())
        let second = try await ProcessRunner.notifier(["--once", "--output", "json", "--seed", "42"], environment: sandbox.environment())
        #expect(first.status == 0, "\(first.stderr)")
        let line = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: String])
        #expect(line["rule"] == "launch_country")
        let key = try #require(line["key"])
        #expect(line["deep_link"] == "notifier open country \(key)")
        #expect(line["url"] == "notifier://country/\(key)")
        #expect(Set(line.keys) == ["time", "rule", "key", "title", "body", "urgency", "deep_link", "url"])
        let again = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: String])
        #expect(again["key"] == key, "the same seed picks the same country")

        let history = try await ProcessRunner.notifier(["history", "--json"], environment: sandbox.environment())
        let lines = history.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains("\"deep_link\":\"notifier open country \(key)\"") && $0.contains("\"sink\":\"json\"") })
    }

    @Test func theDeepLinkOfTheNotificationOpensItsView() async throws {
        let sandbox = try Sandbox(config: Self.noDelay)
        let once = try await ProcessRunner.notifier(["--once", "--output", "terminal", "--seed", "7"], environment: sandbox.environment())
        let command = try #require(once.stdout.split(separator: "\n").last { $0.contains("→ notifier open country") })
        let arguments = command.split(separator: " ").dropFirst(2).map(String.init) // after "→ notifier"
        let view = try await ProcessRunner.notifier(arguments, environment: sandbox.environment())
        #expect(view.status == 0)
        #expect(view.stdout.hasPrefix(once.stdout.split(separator: "\n")[0].description))
    }

    @Test func aRemoteSourceIsStoredSoTheViewWorksOffline() async throws {
        let sample = try Samples.data("restcountries_v3.1_all_full.json")
        let server = try await LoopbackServer.start([("GET /v3.1/all", { _ in LoopbackServer.json(sample) })])
        let sandbox = try Sandbox(config: FlagImageTests.config(server, images: false))
        let once = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
        #expect(once.status == 0, "\(once.stderr)")
        #expect(await server.requests(to: "/v3.1/all") == 2)
        await server.stop()

        let view = try await ProcessRunner.notifier(["open", "country", "KZ"], environment: sandbox.environment())
        #expect(view.status == 0)
        #expect(view.stdout.contains("Source: restcountries-v3 (\(server.baseURL)/v3.1), fetched"), "\(view.stdout)")

        // Offline now, the snapshot is fresh: a second pass asks for nothing and still delivers.
        let offline = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
        #expect(offline.status == 0)
        #expect(offline.stdout.contains("\"rule\":\"launch_country\""))
    }

    @Test func aFailedFeedExitsWithOneAndStillDelivers() async throws {
        let sandbox = try Sandbox(config: FlagImageTests.config(countriesURL: "http://127.0.0.1:1/v3.1", images: false))
        let result = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
        #expect(result.status == 1)
        #expect(result.stderr.contains("countries feed: GET http://127.0.0.1:1/v3.1/all"), "\(result.stderr)")
        #expect(result.stdout.contains("\"rule\":\"launch_country\""), "the embedded data stands in")
    }

    @Test func listCountriesGroupsByContinent() async throws {
        let result = try await ProcessRunner.notifier(
            ["list", "countries", "--region", "Central Asia", "--sort", "population"],
            environment: Sandbox().environment())
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Asia (5)\n  🇺🇿 Uzbekistan"), "\(result.stdout)")
    }

    @Test func helpAndVersion() async throws {
        let help = try await ProcessRunner.notifier(["--help"], environment: Sandbox().environment())
        #expect(help.status == 0)
        #expect(help.stdout.contains("open") && help.stdout.contains("--once") && help.stdout.contains("Exit codes"))
        let version = try await ProcessRunner.notifier(["--version"], environment: Sandbox().environment())
        #expect(version.stdout.hasPrefix("notifier "))
    }

    /// `--json` and `--plain` are declared once, and each command's help still says what its own
    /// output holds.
    @Test func eachCommandsHelpSaysWhatItsJsonAndPlainPrint() async throws {
        let expected = [
            ("history", "Print JSON Lines: id, time, rule, key, title, body, urgency, deep_link, sink, reason."),
            ("history", "Print the history even on a terminal, instead of opening it full-screen."),
            ("status", "Print JSON (its shape is in docs/views.md)."),
            ("why", "Print the decisions even on a terminal, instead of showing them full-screen."),
        ]
        for (command, line) in expected {
            let help = try await ProcessRunner.notifier([command, "--help"], environment: Sandbox().environment())
            #expect(help.status == 0)
            let flattened = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(flattened.contains(line), "\(command): \(help.stdout)")
        }
    }
}

@Suite(.sharingTheMachine) struct OpenURLTests {
    @Test func aLinkOpensItsView() async throws {
        let result = try await ProcessRunner.notifier(["open-url", "notifier://country/KZ"], environment: Sandbox().environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("🇰🇿 Kazakhstan  KZ / KAZ"))
        let week = try await ProcessRunner.notifier(["open-url", "notifier://week/2026-12-21"], environment: Sandbox().environment())
        #expect(week.stdout.contains("Jõululaupäev"), "\(week.stdout)")
    }

    @Test(arguments: ["notifier://country/$(touch /tmp/notifier-pwned)", "http://example.org/x", "notifier://country/KZ?then=rm"])
    func aBadLinkExitsTwoAndRunsNothing(_ url: String) async throws {
        let result = try await ProcessRunner.notifier(["open-url", url], environment: Sandbox().environment())
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("notifier: not a"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/notifier-pwned"))
    }
}
