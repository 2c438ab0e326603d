import FlyingFox
import Foundation
import ProgramTestSupport
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierDelivery
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// The crypto poll loop on a test clock, against a loopback server that fails and heals.
@Suite struct SchedulerTests {
    actor Script {
        var failing = true
        var requests = 0
        func respond() -> Bool {
            requests += 1
            return failing
        }
        func heal() { failing = false }
    }

    @Test func backsOffHonoursRetryAfterSaysDegradedOnceAndRecovers() async throws {
        let script = Script()
        let page = try Samples.data("coinlore_tickers_page1.json")
        let server = try await LoopbackServer.start([
            (
                "GET /api/tickers",
                { _ in
                    await script.respond()
                        ? LoopbackServer.json(Data("busy".utf8), status: .serviceUnavailable, headers: [HTTPHeader("Retry-After"): "120"])
                        : LoopbackServer.json(page)
                }
            )
        ])
        let sandbox = try Sandbox()
        var config = Config()
        config.crypto.baseURL = server.baseURL + "/api"
        config.crypto.interval = .seconds(30)
        config.cryptoChange.enabled = false
        let clock = TestClock()
        let runner = Runner.testing(sandbox, config: config, clock: clock)
        let store = try Store(path: sandbox.storeFile.path)
        let recorder = RecordingSink(name: "test")
        let dispatcher = Dispatcher(sink: recorder, store: store, config: config, logger: runner.logger, elsewhere: .network)
        let loop = Task { await CryptoRound(runner.environment(store: store, dispatcher: dispatcher, launch: false)).pollForever() }

        // Six failed polls (the first, then one after each advance): each waits at least the
        // server's Retry-After, and the fifth says "failing", once.
        for failure in 1...5 {
            #expect(await clock.waitForSleepers(), "poll \(failure) never went to sleep")
            let wait = try #require(clock.requestedSleeps.last)
            #expect(wait >= .seconds(120), "Retry-After is a floor: \(wait)")
            #expect(wait <= .seconds(30 * 60), "capped: \(wait)")
            clock.advance(by: wait)
        }
        #expect(await clock.waitForSleepers())
        #expect(await recorder.alerts.map(\.title) == ["crypto feed is failing"])

        // Healed: one "recovered", then the normal interval again.
        await script.heal()
        clock.advance(by: try #require(clock.requestedSleeps.last))
        #expect(await clock.waitForSleepers())
        #expect(clock.requestedSleeps.last == .seconds(30))
        #expect(await recorder.alerts.map(\.title) == ["crypto feed is failing", "crypto feed recovered"])
        let requests = await script.requests
        #expect(requests == 7, "one request per poll, 6 failed and 1 good: \(requests), sleeps \(clock.requestedSleeps)")
        let backoffs = clock.requestedSleeps.dropLast()
        #expect(backoffs.count == 6 && zip(backoffs, backoffs.dropFirst()).allSatisfy { $0 <= $1 }, "the waits grow: \(backoffs)")

        loop.cancel()
        await loop.value
        await server.stop()
    }
}
