import EndToEndSupport
import FlyingFox
import Foundation
import TestSupport
import Testing

/// Reaching the person where they are, as they meet it: logind (python3-dbusmock's `logind`
/// template) says the session is locked or idle, a loopback ntfy stand-in is their phone, a
/// mock notification server is this desktop; each pass is a `notifier --once` of its own.
@Suite(.serialized, .sharingTheMachine) struct ReachEndToEndTests {
    static let session = "c1"

    static func config(_ crypto: LoopbackServer, ntfy: NtfyStandIn, whenAway: String = "[\"phone\"]", extra: String = "") -> String {
        CryptoEndToEndTests.crossingConfig(crypto) + """

            [delivery]
            away_after = "5m"
            when_away = \(whenAway)

            [[channels]]
            name = "phone"
            ntfy = "\(ntfy.topicURL)"
            token = "${env:NTFY_TOKEN}"
            \(extra)
            """
    }

    struct Desk {
        let crypto: LoopbackServer
        let ntfy: NtfyStandIn
        let logind: MockLogind
        let desktop: MockNotificationServer
        let sandbox: Sandbox

        static func start(whenAway: String = "[\"phone\"]", extra: String = "") async throws -> Desk {
            let script = CryptoEndToEndTests.Script()
            let crypto = try await CryptoEndToEndTests.serve(script)
            let ntfy = try await NtfyStandIn.start()
            let logind = try await MockLogind.start()
            try await logind.addSession(ReachEndToEndTests.session)
            let desktop = try await MockNotificationServer.start()
            let sandbox = try Sandbox(config: ReachEndToEndTests.config(crypto, ntfy: ntfy, whenAway: whenAway, extra: extra))
            return Desk(crypto: crypto, ntfy: ntfy, logind: logind, desktop: desktop, sandbox: sandbox, script: script)
        }

        let script: CryptoEndToEndTests.Script

        var environment: [String: String] {
            sandbox.environment([
                "DBUS_SESSION_BUS_ADDRESS": desktop.address, "DBUS_SYSTEM_BUS_ADDRESS": logind.address,
                "XDG_SESSION_ID": ReachEndToEndTests.session, "NTFY_TOKEN": "tk_secret_token_for_the_phone",
            ])
        }

        /// One pass with BTC at `price`.
        func pass(btc price: String, _ arguments: [String] = []) async throws -> ProcessResult {
            await script.set(try CryptoEndToEndTests.page(prices: ["BTC": price]))
            let result = try await ProcessRunner.notifier(["--once", "-v"] + arguments, environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return result
        }

        func stop() async {
            await crypto.stop()
            await ntfy.stop()
        }
    }

    @Test func lockedTheCrossingGoesToThePhoneOnceAndTheReturnBringsOneRecap() async throws {
        let desk = try await Desk.start()
        _ = try await desk.pass(btc: "99000")
        try await desk.logind.setLocked(true, session: Self.session)
        let locked = try await desk.pass(btc: "100500")
        let messages = await desk.ntfy.messages
        #expect(messages.count == 1, "one message to the phone: \(messages)\n\(locked.stderr)")
        let message = try #require(messages.first)
        #expect(message.title == "BTC rose above $100,000")
        #expect(message.priority == "3")
        #expect(message.headers["authorization"] == "Bearer tk_secret_token_for_the_phone")
        #expect(message.sequenceID?.hasPrefix("crypto_cross-BTC-above-100000-") == true, "the rule, subject and episode: \(message.headers)")
        #expect(message.body.contains("notifier open"), "the way back to its view: \(message.body)")
        #expect(!(try await desk.desktop.notifyCalls()).contains("BTC rose"), "no bubble while locked")
        let status = try await ProcessRunner.notifier(["status", "--plain"], environment: desk.environment)
        #expect(status.stdout.contains("away: the screen is locked"), "\(status.stdout)")
        #expect(status.stdout.contains("ntfy, while away"), "the channel and its use: \(status.stdout)")
        // Still locked: nothing new, nothing again.
        _ = try await desk.pass(btc: "100600")
        #expect(await desk.ntfy.messages.count == 1)
        try await desk.logind.setLocked(false, session: Self.session)
        let back = try await desk.pass(btc: "100600")
        let calls = try await desk.desktop.notifyCalls()
        #expect(calls.components(separatedBy: "While you were away: 1").count - 1 == 1, "one recap: \(calls)\n\(back.stderr)")
        #expect(calls.contains("BTC rose above $100,000"), "the recap lists it: \(calls)")
        _ = try await desk.pass(btc: "100600")
        #expect(try await desk.desktop.notifyCalls().components(separatedBy: "While you were away").count - 1 == 1, "the recap is shown once")
        let awayHistory = try await ProcessRunner.notifier(["history", "--away", "--plain"], environment: desk.environment)
        #expect(awayHistory.stdout.contains("BTC rose above $100,000"), "what the recap opens: \(awayHistory.stdout)")
        #expect(awayHistory.stdout.components(separatedBy: "crypto_cross").count - 1 == 1, "just that one: \(awayHistory.stdout)")
        // Where it went, in `history` and `why`.
        let why = try await ProcessRunner.notifier(["why", "crypto_cross", "BTC", "--plain"], environment: desk.environment)
        #expect(why.stdout.contains("sent to phone because the screen is locked"), "\(why.stdout)")
        // The token never reaches a file of notifier's.
        let leaked = try FileManager.default.subpathsOfDirectory(atPath: desk.sandbox.root.path).filter { path in
            let data = FileManager.default.contents(atPath: desk.sandbox.root.path + "/" + path) ?? Data()
            return data.range(of: Data("tk_secret_token_for_the_phone".utf8)) != nil
        }
        #expect(leaked.isEmpty, "\(leaked)")
        await desk.stop()
    }

    @Test func idlePastAwayAfterIsAwayAndIdleLessIsNot() async throws {
        let desk = try await Desk.start()
        _ = try await desk.pass(btc: "99000")
        try await desk.logind.setIdle(since: Date().addingTimeInterval(-60), session: Self.session)
        _ = try await desk.pass(btc: "100500")
        #expect(await desk.ntfy.messages.isEmpty, "idle 1 min is not away")
        #expect(try await desk.desktop.notifyCalls().contains("BTC rose above"))
        _ = try await desk.pass(btc: "99000")
        try await desk.logind.setIdle(since: Date().addingTimeInterval(-600), session: Self.session)
        _ = try await desk.pass(btc: "100500")
        #expect(await desk.ntfy.messages.count == 1, "idle 10 min is away")
        await desk.stop()
    }

    @Test func aFailingPhoneIsToldOnceAndTheDesktopShowsWhatItMissed() async throws {
        let desk = try await Desk.start()
        _ = try await desk.pass(btc: "99000")
        try await desk.logind.setLocked(true, session: Self.session)
        await desk.ntfy.failNext(10)
        let failed = try await desk.pass(btc: "100500")
        #expect(await desk.ntfy.messages.isEmpty)
        let calls = try await desk.desktop.notifyCalls()
        #expect(calls.components(separatedBy: "Channel phone is failing").count - 1 == 1, "\(calls)\n\(failed.stderr)")
        #expect(calls.contains("BTC rose above"), "shown here rather than lost: \(calls)")
        #expect(!failed.stderr.contains("tk_secret"), "\(failed.stderr)")
        await desk.ntfy.failNext(0)
        _ = try await desk.pass(btc: "99000")
        _ = try await desk.pass(btc: "100500")
        #expect(await desk.ntfy.messages.count == 1)
        let healed = try await desk.desktop.notifyCalls()
        #expect(healed.components(separatedBy: "Channel phone works again").count - 1 == 1, "\(healed)")
        await desk.stop()
    }

    @Test func channelTestSaysWhatTheServerAnswered() async throws {
        let desk = try await Desk.start()
        let result = try await ProcessRunner.notifier(["channel", "test", "phone"], environment: desk.environment)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ok: ntfy answered 200, message id"), "\(result.stdout)")
        #expect(await desk.ntfy.messages.first?.title == "notifier: a test of channel phone")
        let unknown = try await ProcessRunner.notifier(["channel", "test", "phoen"], environment: desk.environment)
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("did you mean phone?"), "\(unknown.stderr)")
        await desk.ntfy.failNext(1)
        let failing = try await ProcessRunner.notifier(["channel", "test", "phone"], environment: desk.environment)
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("failed: ntfy answered 500"), "\(failing.stdout)")
        await desk.stop()
    }

    @Test func aRulesOwnChannelGetsItEvenAtTheDesk() async throws {
        let desk = try await Desk.start(whenAway: "[]")
        let config = try String(contentsOf: desk.sandbox.configFile, encoding: .utf8)
        try config.replacingOccurrences(of: "[rules.crypto_cross]\n", with: "[rules.crypto_cross]\nchannels = [\"phone\"]\n")
            .write(to: desk.sandbox.configFile, atomically: true, encoding: .utf8)
        _ = try await desk.pass(btc: "99000")
        _ = try await desk.pass(btc: "100500")
        #expect(await desk.ntfy.messages.map(\.title) == ["BTC rose above $100,000"])
        #expect(try await desk.desktop.notifyCalls().contains("BTC rose above"), "and the bubble, as the person is here")
        let check = try await ProcessRunner.notifier(["config", "check"], environment: desk.environment)
        #expect(check.stdout.contains("[rules.crypto_cross]") && check.stdout.contains("channels = [\"phone\"]"), "\(check.stdout)")
        #expect(!check.stdout.contains("tk_secret"), "\(check.stdout)")
        await desk.stop()
    }

    @Test func aChannelNameNoEntryHasIsAnErrorWithItsLine() async throws {
        let sandbox = try Sandbox(
            config: """
                [delivery]
                when_away = ["pager"]

                [[channels]]
                name = "phone"
                ntfy = "https://ntfy.sh/x"
                """)
        let result = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("config.toml:2: delivery.when_away names \"pager\", which no [[channels]] entry is called; channels: phone"),
            "\(result.stderr)")
        let literal = try Sandbox(
            config: """
                [[channels]]
                name = "phone"
                ntfy = "https://ntfy.sh/x"
                token = "tk_written_in_the_file"
                """)
        let refused = try await ProcessRunner.notifier(["config", "check"], environment: literal.environment())
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("config.toml:4: channels[0].token must be a reference such as"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("tk_written_in_the_file"), "the secret is not repeated: \(refused.stderr)")
    }
}

/// A rule's own channel that never answers (an ntfy server that accepts and stays silent): the
/// desktop is told first, and the bubble is up long before the channel gives up.
@Suite(.serialized, .sharingTheMachine) struct DeadChannelTests {
    @Test func aHangingChannelNeverHoldsTheBubble() async throws {
        let dead = try await LoopbackServer.start([("POST /silent", { _ in LoopbackServer.json(Data("{}".utf8)) })])
        try await dead.inject(.neverAnswer)
        let desk = try await ReachEndToEndTests.Desk.start(
            whenAway: "[]",
            extra: """
                [[channels]]
                name = "dead"
                ntfy = "\(dead.baseURL)/silent"
                """)
        let config = try String(contentsOf: desk.sandbox.configFile, encoding: .utf8)
        try config.replacingOccurrences(of: "[rules.crypto_cross]\n", with: "[rules.crypto_cross]\nchannels = [\"dead\"]\n")
            .write(to: desk.sandbox.configFile, atomically: true, encoding: .utf8)
        _ = try await desk.pass(btc: "99000")
        await desk.script.set(try CryptoEndToEndTests.page(prices: ["BTC": "100500"]))
        let started = ContinuousClock.now
        let pass = try DaemonProcess(["--once", "-v"], environment: desk.environment)
        #expect(await pass.waitUntil { _ in (try? await desk.desktop.notifyCalls())?.contains("BTC rose above") == true }, "\(pass.stderr)")
        // The channel gives up after 10 s; the bubble came long before.
        #expect(ContinuousClock.now - started < .seconds(6), "\(pass.stderr)")
        #expect(pass.process.isRunning, "the bubble is up while the channel still hangs: \(pass.stderr)")
        #expect(await pass.waitUntil(timeout: .seconds(60)) { !$0.process.isRunning }, "\(pass.stderr)")
        #expect(pass.stderr.contains("channel dead"), "the channel gave up, and said so: \(pass.stderr)")
        try await dead.inject(nil)
        await dead.stop()
        await desk.stop()
    }
}

/// Presence that cannot be read is not "present (seen just now)": with no system bus, or a
/// logind that answers for no session of ours, the pass delivers as at the desk, says once why
/// `when_away` is not used, and `status` says presence is unknown.
@Suite(.serialized, .sharingTheMachine) struct UnknownPresenceTests {
    @Test(arguments: [
        ("unix:path=/nonexistent/system_bus_socket", "the system bus cannot be reached"),
        ("", "logind did not answer for its session"),
    ])
    func unreadablePresenceIsSaidOnceAndShownInStatus(systemBus: String, reason: String) async throws {
        let desk = try await ReachEndToEndTests.Desk.start()
        var environment = desk.environment
        environment["XDG_SESSION_ID"] = "c9"
        if !systemBus.isEmpty { environment["DBUS_SYSTEM_BUS_ADDRESS"] = systemBus }
        await desk.script.set(try CryptoEndToEndTests.page(prices: ["BTC": "99000"]))
        _ = try await ProcessRunner.notifier(["--once", "-v"], environment: environment)
        await desk.script.set(try CryptoEndToEndTests.page(prices: ["BTC": "100500"]))
        let pass = try await ProcessRunner.notifier(["--once", "-v"], environment: environment)
        #expect(pass.status == 0, "\(pass.stderr)")
        let said = pass.stderr.components(separatedBy: "presence unknown: \(reason)").count - 1
        #expect(said == 1, "said once: \(pass.stderr)")
        #expect(pass.stderr.contains("so when_away is not used"), "\(pass.stderr)")
        #expect(try await desk.desktop.notifyCalls().contains("BTC rose above"), "delivered as at the desk")
        #expect(await desk.ntfy.messages.isEmpty)
        let status = try await ProcessRunner.notifier(["status", "--plain"], environment: environment)
        #expect(status.stdout.contains("you: presence unknown: \(reason)"), "\(status.stdout)")
        #expect(!status.stdout.contains("you: present"), "\(status.stdout)")
        await desk.stop()
    }
}
