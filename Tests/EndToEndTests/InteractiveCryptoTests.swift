import FlyingFox
import Foundation
import TestSupport
import Testing

/// The live crypto list on a pseudo-terminal, against a loopback CoinLore: a good fetch, an
/// error (timer paused, cause shown), `r`, and the recovery.
@Suite struct InteractiveCryptoTests {
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

        // Fetched with the feed's poller, never stored: what the next poll compares with is the
        // daemon's, so the plain view has nothing yet.
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeFile.path), "the live list made a store")
        let plain = try await ProcessRunner.notifier(["open", "crypto", "BTC"], environment: environment)
        #expect(plain.status == 2 && plain.stderr.contains("no crypto data yet"), "\(plain.stdout)\(plain.stderr)")
    }
}
