import EndToEndSupport
import FlyingFox
import Foundation
import TestSupport
import Testing

/// Why a rule spoke or kept quiet, through the built program: a loopback CoinLore (real libcurl) and a
/// python3-dbusmock notification server on a private bus.
@Suite(.serialized, .sharingTheMachine) struct WhyEndToEndTests {
    typealias Script = CryptoEndToEndTests.Script

    /// crypto_change on BTC alone, with its default hour of cooldown.
    static func config(_ server: LoopbackServer) -> String {
        """
        [feeds.crypto]
        base_url = "\(server.baseURL)/api"
        symbols = ["BTC"]
        top = 0
        [rules.crypto_cross]
        enabled = false
        [rules.crypto_move]
        enabled = false
        [rules.launch_country]
        enabled = false
        """
    }

    static func once(_ sandbox: Sandbox, bus: MockNotificationServer) async throws -> ProcessResult {
        let result = try await ProcessRunner.notifier(["--once"], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": bus.address]))
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    static func notifyCount(_ calls: String) -> Int { calls.components(separatedBy: "(uint64 ").count - 1 }

    @Test func aCrossingThenACooldownSuppressionIsExplainedByWhy() async throws {
        let script = Script()
        let server = try await CryptoEndToEndTests.serve(script)
        let bus = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: Self.config(server))
        for change in ["-3.00", "-5.40", "-3.00", "-5.60", "-5.70"] {
            await script.set(try CryptoEndToEndTests.page(changes: ["BTC": change]))
            _ = try await Self.once(sandbox, bus: bus)
        }
        let calls = try await bus.notifyCalls()
        #expect(Self.notifyCount(calls) == 1, "one bubble, for the crossing: \(calls)")
        #expect(calls.contains("BTC −5.4 % in 24h ▼"), "\(calls)")

        let why = try await ProcessRunner.notifier(["why", "crypto_change", "btc"], environment: sandbox.environment())
        #expect(why.status == 0, "\(why.stderr)")
        let lines = why.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "crypto_change BTC:down", "\(why.stdout)")
        #expect(lines.contains { $0.contains("−5.4 %: notified: BTC 24h change −5.4 % reached −5 % (fired)") }, "\(why.stdout)")
        #expect(lines.contains { $0.contains("−3 %: back within its levels; not notified (notify_resolved is off)") }, "\(why.stdout)")
        let cooling = try #require(lines.first { $0.contains("cooling down") }, "\(why.stdout)")
        // A time of another day comes with its date (a run across midnight).
        #expect(
            cooling.contains(/−5.6 %: not notified, cooling down until (\d{4}-\d\d-\d\d )?\d\d:\d\d after the (\d{4}-\d\d-\d\d )?\d\d:\d\d notification/),
            "\(cooling)")
        #expect(!why.stdout.contains("−5.7 %"), "the same suppression is noted once, not per poll: \(why.stdout)")
        #expect(lines.filter { $0.hasPrefix("  ") }.count == 4, "delivered, fired, resolved, cooling down: \(why.stdout)")

        // As a person reads it in a terminal: a screen that stays, the subject in bold, a line per decision.
        let session = try await TmuxSession(
            InteractiveCountryTests.command(["why", "crypto_change", "BTC"]),
            environment: sandbox.environment(["TERM": "xterm-256color"]), width: 120, height: 12)
        #expect(await session.waitFor("Why crypto_change BTC"), "\(session.lastSeen)")
        #expect(session.lastSeen.contains(cooling.trimmingCharacters(in: .whitespaces)), "\(session.lastSeen)")
        let styled = try await session.screen(escapes: true)
        #expect(styled.contains(/\u{1B}\[(0;)?1m(\u{1B}\[\d+m)*crypto_change BTC:down/), "the subject in bold: \(styled.debugDescription)")
        try await session.send("q")
        try await InteractiveCountryTests.expectSane(session, view: "Why crypto_change BTC")

        let json = try await ProcessRunner.notifier(["why", "crypto_change", "BTC", "--json"], environment: sandbox.environment())
        let objects = try json.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String]) }
        #expect(objects.map { $0["outcome"] ?? "" } == ["fired", "delivered", "resolved", "cooling_down"], "\(json.stdout)")
        #expect(objects.last?["subject"] == "BTC:down" && objects.last?["value"] == "−5.6 %")

        let suppressions = try await ProcessRunner.notifier(["why"], environment: sandbox.environment())
        #expect(suppressions.stdout.contains("crypto_change BTC:down") && suppressions.stdout.contains("cooling down until"), "\(suppressions.stdout)")
        #expect(!suppressions.stdout.contains("notified: BTC"), "alone, only what was not told: \(suppressions.stdout)")
        let rules = try await ProcessRunner.notifier(["rules"], environment: sandbox.environment())
        #expect(rules.stdout.contains("    last decision ") && rules.stdout.contains(cooling.trimmingCharacters(in: .whitespaces)), "\(rules.stdout)")

        // --dry-run says the same, in the same words.
        await script.set(try CryptoEndToEndTests.page(changes: ["BTC": "-5.80"]))
        let dry = try await ProcessRunner.notifier(["--once", "--dry-run"], environment: sandbox.environment())
        let cause = try #require(cooling.firstRange(of: "not notified").map { String(cooling[$0.lowerBound...]) })
        #expect(dry.stdout.contains("crypto_change BTC:down −5.8 %: " + cause), "\(dry.stdout)")

        // The feed fails twice: BTC:down is unknown from the first failure, noted once.
        await script.set(Data("{}".utf8), status: .internalServerError)
        for _ in 0..<2 {
            let failed = try await ProcessRunner.notifier(["--once"], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": bus.address]))
            #expect(failed.status == 1)
        }
        let unknown = try await ProcessRunner.notifier(["why", "crypto_change", "BTC:down"], environment: sandbox.environment())
        #expect(unknown.stdout.components(separatedBy: "not evaluated, the feed failed, state kept as of ").count == 2, "\(unknown.stdout)")
        // One row for the failure, about every subject of the rule, found for this one.
        #expect(unknown.stdout.contains("crypto_change (every subject)\n"), "\(unknown.stdout)")
        let afterFailure = try await ProcessRunner.notifier(["rules"], environment: sandbox.environment())
        let btcDown = try #require(afterFailure.stdout.components(separatedBy: "  BTC:down  ").dropFirst().first, "\(afterFailure.stdout)")
        #expect(
            btcDown.split(separator: "\n").dropFirst().first?.contains("last decision") == true
                && btcDown.split(separator: "\n").dropFirst().first?.contains("the feed failed") == true, "\(afterFailure.stdout)")
        await server.stop()
    }

    /// Makes the store look as if its last poll was an hour ago: notifier was stopped meanwhile.
    static func age(_ sandbox: Sandbox) async throws {
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE subject_state SET last_evaluated = strftime('%Y-%m-%d %H:%M:%f', last_evaluated, '-3600 seconds')")
            db.commit()
            """
        let result = try await ProcessRunner.run("/usr/bin/python3", ["-c", script, sandbox.storeFile.path], environment: [:])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aRestartOnUnchangedDataSaysNothingAndAChangeWhileStoppedSaysSo() async throws {
        let script = Script()
        let server = try await CryptoEndToEndTests.serve(script)
        let bus = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: Self.config(server))
        await script.set(try CryptoEndToEndTests.page(changes: ["BTC": "-2.00"]))
        _ = try await Self.once(sandbox, bus: bus)
        try await Self.age(sandbox)
        _ = try await Self.once(sandbox, bus: bus)
        #expect(Self.notifyCount(try await bus.notifyCalls()) == 0, "a restart on unchanged data notifies nothing")

        // Stopped for an hour, during which BTC went from −2 % through −5 % and −7 % to −9 %:
        // one bubble, for the present state, saying it happened meanwhile.
        try await Self.age(sandbox)
        await script.set(try CryptoEndToEndTests.page(changes: ["BTC": "-9.00"]))
        _ = try await Self.once(sandbox, bus: bus)
        let calls = try await bus.notifyCalls()
        #expect(Self.notifyCount(calls) == 1, "\(calls)")
        #expect(calls.contains("BTC −9 % in 24h ▼") && calls.contains("Since notifier last ran, "), "\(calls)")
        let why = try await ProcessRunner.notifier(["why", "crypto_change", "BTC", "--json"], environment: sandbox.environment())
        #expect(why.stdout.contains("\"outcome\":\"changed_while_stopped\""), "\(why.stdout)")
        await server.stop()
    }
}
