import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// The desktop's do-not-disturb as a person sets it on a real notification server (dunst on
/// Xvfb, `dunstctl set-paused true`): notifier asks the server, holds what is not critical
/// in its outbox (so dunst's own queue stays empty), and shows one summary when it ends.
@Suite(.serialized, .sharingTheMachine) struct DoNotDisturbTests {
    static func config(_ crypto: LoopbackServer, urgency: String = "normal") -> String {
        """
        [feeds.crypto]
        base_url = "\(crypto.baseURL)/api"
        symbols = []
        top = 0
        [rules.crypto_change]
        enabled = false
        [rules.crypto_cross]
        levels = ["BTC > 100000", "BTC > 101000"]
        urgency = "\(urgency)"
        [rules.launch_country]
        enabled = false
        """
    }

    @Test func pausedDunstHoldsTheCrossingsAndOneSummaryComesAfter() async throws {
        let session = try await DunstSession.start()
        let script = CryptoEndToEndTests.Script()
        let crypto = try await CryptoEndToEndTests.serve(script)
        let sandbox = try Sandbox(config: Self.config(crypto))
        func pass(_ price: String) async throws -> ProcessResult {
            await script.set(try CryptoEndToEndTests.page(prices: ["BTC": price]))
            let result = try await ProcessRunner.notifier(["--once", "-v"], environment: sandbox.environment(session.environment))
            #expect(result.status == 0, "\(result.stderr)")
            return result
        }
        _ = try await pass("99000")
        #expect(try await session.dunstctl(["set-paused", "true"]).status == 0)
        let first = try await pass("100500")
        _ = try await pass("101500")
        #expect(first.stderr.contains("do-not-disturb is on"), "\(first.stderr)")
        let waiting = try await session.dunstctl(["count", "waiting"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(waiting == "0", "held by notifier, not queued in dunst")
        #expect(await session.displayedCount() == 0)
        let why = try await ProcessRunner.notifier(["why", "crypto_cross", "BTC", "--plain"], environment: sandbox.environment(session.environment))
        #expect(why.stdout.contains("held for the desktop's do-not-disturb"), "\(why.stdout)")
        #expect(try await session.dunstctl(["set-paused", "false"]).status == 0)
        let after = try await pass("101500")
        #expect(await eventually { await session.displayedCount() == 1 }, "one summary: \(after.stderr)")
        let history = try await ProcessRunner.notifier(["history", "--plain"], environment: sandbox.environment(session.environment))
        #expect(history.stdout.contains("2 notifications during do-not-disturb"), "\(history.stdout)")
        _ = try await pass("101500")
        #expect(await session.displayedCount() == 1, "nothing shown twice")
        await session.screenshot("dnd-summary")
        await crypto.stop()
    }

    @Test func aCriticalCrossingPassesDoNotDisturb() async throws {
        let session = try await DunstSession.start()
        let script = CryptoEndToEndTests.Script()
        let crypto = try await CryptoEndToEndTests.serve(script)
        let sandbox = try Sandbox(config: Self.config(crypto, urgency: "critical"))
        for (index, price) in ["99000", "100500"].enumerated() {
            if index == 1 { #expect(try await session.dunstctl(["set-paused", "true"]).status == 0) }
            await script.set(try CryptoEndToEndTests.page(prices: ["BTC": price]))
            let result = try await ProcessRunner.notifier(["--once", "-v"], environment: sandbox.environment(session.environment))
            #expect(result.status == 0)
            if index == 1 { #expect(result.stderr.contains("delivered crypto_cross"), "critical passes: \(result.stderr)") }
        }
        await crypto.stop()
    }

    /// The recap as a person sees it on dunst: locked, the crossing went to the phone (a loopback
    /// ntfy); unlocked, one bubble says so.
    @Test func theRecapOnReturnIsOneBubble() async throws {
        let session = try await DunstSession.start()
        let script = CryptoEndToEndTests.Script()
        let crypto = try await CryptoEndToEndTests.serve(script)
        let ntfy = try await NtfyStandIn.start()
        let logind = try await MockLogind.start()
        try await logind.addSession("c1")
        let sandbox = try Sandbox(config: ReachEndToEndTests.config(crypto, ntfy: ntfy))
        let environment = sandbox.environment(
            session.environment.merging(
                ["DBUS_SYSTEM_BUS_ADDRESS": logind.address, "XDG_SESSION_ID": "c1", "NTFY_TOKEN": "tk_for_the_picture"]) { $1 })
        for (price, locked) in [("99000", false), ("100500", true), ("100600", false)] {
            try await logind.setLocked(locked, session: "c1")
            await script.set(try CryptoEndToEndTests.page(prices: ["BTC": price]))
            #expect(try await ProcessRunner.notifier(["--once"], environment: environment).status == 0)
        }
        #expect(await ntfy.messages.count == 1)
        #expect(await eventually { await session.displayedCount() == 1 })
        await session.screenshot("away-recap")
        await crypto.stop()
        await ntfy.stop()
    }

    /// The daemon learns that do-not-disturb ended from dunst's own signal, not from its
    /// minute-long fallback: the held launch country is shown within seconds.
    @Test func theDaemonShowsWhatWasHeldWhenDunstResumes() async throws {
        let session = try await DunstSession.start()
        #expect(try await session.dunstctl(["set-paused", "true"]).status == 0)
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let daemon = try DaemonProcess(["--seed", "42", "-v"], environment: sandbox.environment(session.environment))
        defer { if daemon.process.isRunning { daemon.signal(SIGKILL) } }
        #expect(await daemon.waitUntil(timeout: .seconds(60)) { $0.stderr.contains("do-not-disturb is on") }, "\(daemon.stderr)")
        #expect(await session.displayedCount() == 0)
        let resumed = ContinuousClock.now
        #expect(try await session.dunstctl(["set-paused", "false"]).status == 0)
        #expect(await eventually(timeout: .seconds(30)) { await session.displayedCount() == 1 }, "\(daemon.stderr)")
        #expect(ContinuousClock.now - resumed < .seconds(20), "woken by the signal, not the minute's fallback")
        #expect(await daemon.stop() == 0)
    }

    /// What do-not-disturb holds is in the outbox on disk: a daemon stopped and started again
    /// while it is on loses nothing and, once it ends, shows it once.
    @Test func aDaemonRestartedWhileHeldLosesAndRepeatsNothing() async throws {
        let session = try await DunstSession.start()
        let script = CryptoEndToEndTests.Script()
        let crypto = try await CryptoEndToEndTests.serve(script)
        let sandbox = try Sandbox(config: Self.config(crypto))
        let environment = sandbox.environment(session.environment)
        await script.set(try CryptoEndToEndTests.page(prices: ["BTC": "99000"]))
        _ = try await ProcessRunner.notifier(["--once"], environment: environment)
        #expect(try await session.dunstctl(["set-paused", "true"]).status == 0)
        await script.set(try CryptoEndToEndTests.page(prices: ["BTC": "100500"]))
        let first = try DaemonProcess(["-v"], environment: environment)
        defer { if first.process.isRunning { first.signal(SIGKILL) } }
        #expect(await first.waitUntil(timeout: .seconds(60)) { $0.stderr.contains("do-not-disturb is on") }, "\(first.stderr)")
        #expect(await first.stop() == 0)
        #expect(await session.displayedCount() == 0)
        let second = try DaemonProcess(["-v"], environment: environment)
        defer { if second.process.isRunning { second.signal(SIGKILL) } }
        #expect(await second.waitUntil(timeout: .seconds(60)) { $0.stderr.contains("do-not-disturb is on") }, "\(second.stderr)")
        #expect(try await session.dunstctl(["set-paused", "false"]).status == 0)
        #expect(await eventually(timeout: .seconds(30)) { await session.displayedCount() == 1 }, "\(second.stderr)")
        #expect(await second.stop() == 0)
        _ = try await ProcessRunner.notifier(["--once"], environment: environment)
        #expect(await session.displayedCount() == 1, "nothing shown twice")
        let history = try await ProcessRunner.notifier(["history", "--json"], environment: environment)
        #expect(history.stdout.components(separatedBy: "BTC rose above $100,000").count - 1 == 1, "recorded once: \(history.stdout)")
        await crypto.stop()
    }

    /// mako under sway: its `do-not-disturb` mode, set with `makoctl mode -a`, holds the launch
    /// country in notifier's outbox; removed, the next pass shows what was held.
    @Test(.enabled(if: WaylandSession.unavailable == nil, Comment(rawValue: "skipped: \(WaylandSession.unavailable ?? "")")))
    func makosDoNotDisturbModeHoldsAndItsEndShows() async throws {
        let session = try await WaylandSession.start()
        let sandbox = try Sandbox(config: CLITests.noDelay)
        try session.handOver(sandbox.root)
        let notifier = try await session.runnableNotifier()
        #expect(try await session.run(["/usr/bin/makoctl", "mode", "-a", "do-not-disturb"]).status == 0)
        let environment = sandbox.environment(session.environment)
        let held = try await session.run([notifier, "--once", "-v", "--seed", "42"], environment, timeout: .seconds(60))
        #expect(held.stderr.contains("do-not-disturb is on"), "\(held.stderr)")
        #expect(try await session.bubbles().contains("x-notifier") == false, "nothing shown while in the mode")
        #expect(try await session.run(["/usr/bin/makoctl", "mode", "-r", "do-not-disturb"]).status == 0)
        let shown = try await session.run([notifier, "--once", "-v", "--seed", "42"], environment, timeout: .seconds(60))
        #expect(await eventually { (try? await session.bubbles())?.contains("x-notifier") == true }, "\(shown.stderr)")
    }

    /// xfce4-notifyd's do-not-disturb, its xfconf setting as its settings dialog writes it.
    @Test(.enabled(if: XfceSession.unavailable == nil, Comment(rawValue: "skipped: \(XfceSession.unavailable ?? "")")))
    func xfcesDoNotDisturbSettingHolds() async throws {
        let session = try await XfceSession.start()
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let set = try await session.xfconf(["-c", "xfce4-notifyd", "-p", "/do-not-disturb", "-n", "-t", "bool", "-s", "true"])
        #expect(set.status == 0, "\(set.stderr)")
        let held = try await ProcessRunner.notifier(["--once", "-v", "--seed", "42"], environment: sandbox.environment(session.environment))
        #expect(held.stderr.contains("do-not-disturb is on"), "\(held.stderr)")
        #expect(try await session.bubble() == nil)
    }
}
