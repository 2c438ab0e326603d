import FlyingFox
import Foundation
import NotifierSystem
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

/// Feeds stopped and data believed: what a hostile server sends must neither silence a
/// feed for good nor be believed.
@Suite(.sharingTheMachine) struct HostileFeedTests {
    actor Counter {
        var requests = 0
        func next() -> Int {
            requests += 1
            return requests
        }
    }

    /// Item 7: one `Retry-After: 99999999` (or an HTTP-date a year ahead) stopped the crypto
    /// feed for good. The wait is bounded by the backoff's maximum, 30 min, in both forms.
    @Test func anEndlessRetryAfterIsBoundedByTheBackoffMaximum() async throws {
        let counter = Counter()
        let page = try Samples.data("coinlore_tickers_page1.json")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let nextYear = formatter.string(from: Date().addingTimeInterval(365 * 86400))
        let server = try await LoopbackServer.start([
            (
                "GET /api/tickers",
                { _ in
                    switch await counter.next() {
                    case 1: LoopbackServer.json(Data("busy".utf8), status: .serviceUnavailable, headers: [HTTPHeader("Retry-After"): "99999999"])
                    case 2: LoopbackServer.json(Data("busy".utf8), status: .tooManyRequests, headers: [HTTPHeader("Retry-After"): nextYear])
                    default: LoopbackServer.json(page)
                    }
                }
            )
        ])
        let sandbox = try Sandbox()
        var config = Config()
        config.crypto.baseURL = server.baseURL + "/api"
        config.crypto.interval = .seconds(30)
        config.cryptoChange.enabled = false
        let environment = sandbox.environment()
        let context = AppContext(
            environment: environment, config: config, configFile: nil, explicitConfigPath: nil,
            logger: LogSetup.makeLogger(verbose: false, quiet: true), paths: XDGPaths(environment: environment), time: .system)
        let clock = TestClock()
        var runner = Runner(context: context, output: .json, seed: nil)
        runner.clock = clock
        let store = try Store(path: sandbox.storeFile.path)
        let dispatcher = Dispatcher(sink: RecordingSink(name: "test"), store: store, config: config, logger: context.logger, elsewhere: .network)
        let loop = Task { await CryptoRound(runner.environment(store: store, dispatcher: dispatcher, launch: false)).pollForever() }

        for form in ["delay-seconds", "HTTP-date"] {
            #expect(await clock.waitForSleepers(), "the poll after the \(form) answer never went to sleep")
            let wait = try #require(clock.requestedSleeps.last)
            #expect(wait <= .seconds(30 * 60), "\(form): waits \(wait), beyond the backoff maximum")
            #expect(wait >= .seconds(15 * 60), "\(form): still honoured up to the maximum: \(wait)")
            clock.advance(by: wait)
        }
        #expect(await clock.waitForSleepers())
        #expect(clock.requestedSleeps.last == .seconds(30), "polling as normal again: \(clock.requestedSleeps)")
        #expect(await counter.requests == 3)
        loop.cancel()
        await loop.value
        await server.stop()
    }

    /// Item 8 from outside: after ordinary polls, a price of 1e127 and a 24 h change of −1e30
    /// produce no alert ("BTC +10041714285…% in 1 min" before), and the log says which coin's
    /// price could not be true rather than "no coin with the symbol BTC".
    @Test func absurdNumbersNeverAlert() async throws {
        let script = CryptoEndToEndTests.Script()
        await script.set(try CryptoEndToEndTests.page())
        let server = try await CryptoEndToEndTests.serve(script)
        let sandbox = try Sandbox(
            config: """
                [feeds.crypto]
                base_url = "\(server.baseURL)/api"
                symbols = ["BTC"]
                top = 3
                [rules.launch_country]
                enabled = false
                """)
        func once() async throws -> ProcessResult {
            try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
        }
        _ = try await once()
        _ = try await once()
        for page in [
            try CryptoEndToEndTests.page(changes: ["BTC": "-1e30"]), try CryptoEndToEndTests.page(prices: ["BTC": "1e127"]),
            try CryptoEndToEndTests.page(changes: ["BTC": "1e30"], prices: ["BTC": "1e-127"]),
        ] {
            await script.set(page)
            let result = try await once()
            #expect(result.stdout.isEmpty, "no alert from an absurd figure: \(result.stdout)")
            #expect(!result.stderr.contains("no coin with the symbol"), "\(result.stderr)")
        }
        // A fresh store resolves the symbols anew: the absurd price is named as such.
        try FileManager.default.removeItem(at: sandbox.storeFile)
        await script.set(try CryptoEndToEndTests.page(prices: ["BTC": "1e127"]))
        let fresh = try await once()
        #expect(fresh.stdout.isEmpty, "\(fresh.stdout)")
        #expect(fresh.stderr.contains("crypto feed: 'BTC' has a price of") && fresh.stderr.contains("cannot be true"), "\(fresh.stderr)")
        #expect(!fresh.stderr.contains("no coin with the symbol BTC"), "\(fresh.stderr)")
        await server.stop()
    }
}
