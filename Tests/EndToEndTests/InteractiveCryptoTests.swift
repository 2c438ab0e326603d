import EndToEndSupport
import FlyingFox
import Foundation
import TestSupport
import Testing

/// The live crypto list on a pseudo-terminal, against a loopback CoinLore: a good fetch, an
/// error (timer paused, cause shown), `r`, and the recovery; each refresh the feed's round's
/// poll, the running daemon's when there is one.
@Suite(.sharingTheMachine) struct InteractiveCryptoTests {
    @Test func aFailedRefreshPausesShowsTheCauseAndRRecovers() async throws {
        let script = CryptoEndToEndTests.Script()
        await script.set(try CryptoEndToEndTests.page(prices: ["BTC": "95000.5"]))
        let server = try await CryptoEndToEndTests.serve(script)
        defer { Task { await server.stop() } }
        let sandbox = try Sandbox(
            config: """
                [feeds.crypto]
                base_url = "\(server.baseURL)/api"
                symbols = ["BTC", "ETH"]
                top = 5
                [rules.launch_country]
                enabled = false
                """)
        let environment = sandbox.environment(["TERM": "xterm-256color"])
        let session = try await TmuxSession(InteractiveCountryTests.command(["list", "crypto"]), environment: environment, width: 110, height: 20)
        #expect(await session.waitFor("Crypto — 5 coins"), "\(session.lastSeen)")
        #expect(await session.waitFor("Next refresh in"), "\(session.lastSeen)")
        #expect(session.lastSeen.contains("$95,000.5"), "\(session.lastSeen)")

        await script.set(Data("oops".utf8), status: .internalServerError)
        try await session.send("r")
        #expect(await session.waitFor("Refresh paused:"), "\(session.lastSeen)")
        #expect(session.lastSeen.contains("r retries") && session.lastSeen.contains("500"), "\(session.lastSeen)")
        #expect(!session.lastSeen.contains("Next refresh in"), "the timer is paused")

        await script.set(try CryptoEndToEndTests.page(prices: ["BTC": "99000"]))
        try await session.send("r")
        #expect(await session.waitFor("$99,000 ▲"), "risen against the previous fetch\n\(session.lastSeen)")
        #expect(await session.waitFor("Next refresh in"), "the timer resumes")
        let styled = try await session.screen(escapes: true)
        #expect(styled.contains("\u{1B}["))

        try await session.send("n")
        #expect(await session.waitFor("sorted by name"))
        try await session.send("0", "Enter")
        #expect(await session.waitFor("Market cap   $"), "\(session.lastSeen)")
        #expect(session.lastSeen.contains("History"))
        try await session.send("BSpace", "q")
        try await InteractiveCountryTests.expectSane(session, view: "Crypto —")

        // With no daemon, each refresh was a pass of the crypto feed as `--once` makes it: its
        // prices and its health are stored, as the daemon's would be.
        let plain = try await ProcessRunner.notifier(["open", "crypto", "BTC"], environment: environment)
        #expect(plain.status == 0 && plain.stdout.contains("$99,000"), "\(plain.stdout)\(plain.stderr)")
        let status = try await ProcessRunner.notifier(["status", "--plain"], environment: environment)
        #expect(status.stdout.contains("crypto"), "\(status.stdout)")
    }

    /// With a daemon running, the list is no second poller: it asks the daemon's round to poll
    /// (over its bus name) and reads what that poll stored.
    @Test func theListAsksTheRunningDaemonsRoundToPoll() async throws {
        let script = CryptoEndToEndTests.Script()
        await script.set(try CryptoEndToEndTests.page(prices: ["BTC": "95000.5"]))
        let coinlore = try await CryptoEndToEndTests.serve(script)
        defer { Task { await coinlore.stop() } }
        let bus = try await MockNotificationServer.start()
        let sandbox = try Sandbox(
            config: """
                [feeds.crypto]
                base_url = "\(coinlore.baseURL)/api"
                symbols = ["BTC", "ETH"]
                top = 5
                interval = "1h"
                [rules.launch_country]
                enabled = false
                """ + "\n" + Sandbox.noHolidays + "\n" + Sandbox.noForecast)
        let environment = sandbox.environment(["TERM": "xterm-256color", "DBUS_SESSION_BUS_ADDRESS": bus.address])
        let daemon = try DaemonProcess([], environment: environment)
        #expect(await daemon.waitUntil { _ in await bus.daemonAnswers() }, "\(daemon.stderr)")
        #expect(await daemon.waitUntil { _ in await coinlore.requestLog.count > 0 }, "\(daemon.stderr)")
        let polledAt = ContinuousClock.now
        try await Task.sleep(for: .seconds(1))
        let onePoll = await coinlore.requestLog.count

        await script.set(try CryptoEndToEndTests.page(prices: ["BTC": "99000"]))
        let session = try await TmuxSession(InteractiveCountryTests.command(["list", "crypto"]), environment: environment, width: 110, height: 20)
        #expect(await session.waitFor("Next refresh in"), "\(session.lastSeen)")
        #expect(session.lastSeen.contains("$95,000.5"), "the daemon polled moments ago: its poll is shown\n\(session.lastSeen)")
        #expect(await coinlore.requestLog.count == onePoll, "the list fetched nothing itself")

        // Past the moments in which the daemon's last poll answers for a new one. On a loaded
        // machine that poll can end seconds after its request came (its "moments" count from
        // the end), so `r` is pressed again until the new price shows: a press during the
        // round's poll joins it, one just after is answered by it, so it is still one poll.
        try await Task.sleep(until: polledAt + .seconds(11))
        var refreshed = false
        for _ in 0..<10 where !refreshed {
            try await session.send("r")
            refreshed = await session.waitFor("$99,000 ▲", timeout: .seconds(4))
        }
        #expect(refreshed, "the daemon's round polled on request\n\(session.lastSeen)\n\(daemon.stderr)")
        let log = await coinlore.requestLog
        #expect(log.count == onePoll + 1 && log.last?.hasPrefix("/api/ticker") == true, "one poll more, the daemon's: \(log)")
        try await session.send("q")
        try await InteractiveCountryTests.expectSane(session, view: "Crypto —")
        #expect(await daemon.stop() == 0)
        #expect(!daemon.stderr.contains("error"), "\(daemon.stderr)")
    }
}
