import FlyingFox
import Foundation
import ProgramTestSupport
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierDelivery
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// The network-economy figure, for `scripts/bench` (which sets NOTIFIER_BENCH_NETWORK to
/// the file the counts go to): the daemon's feed loops, with the default config and every
/// remote feed on, run for 24 hours on a test clock against a loopback server that counts what
/// reaches it. Time moves from one sleeper's deadline to the next, so nothing sleeps for real.
@Suite struct NetworkEconomyTests {
    struct Discard: AlertSink {
        let name = "discard"
        func deliver(_ alert: Alert, at time: Date) async throws(DeliveryError) {}
    }

    static let output = ProcessInfo.processInfo.environment["NOTIFIER_BENCH_NETWORK"]

    @Test(.enabled(if: output != nil, "a benchmark: scripts/bench runs it"))
    func aDayOfTheDaemonsRequests() async throws {
        let page = try Samples.data("coinlore_tickers_page1.json")
        let entries = try #require((try JSONSerialization.jsonObject(with: page) as? [String: Any])?["data"] as? [[String: Any]])
        let byID = try Dictionary(entries.map { ("\($0["id"] ?? "")", try JSONSerialization.data(withJSONObject: $0)) }) { first, _ in first }
        let countries = try Samples.data("restcountries_v3.1_all_full.json")
        let holidays = try Samples.data("testntry_holidays_api_success_2019-02.json")
        let forecast = try Samples.data("openmeteo_forecast_hourly_daily_current_2025.json")
        // One route per remote feed.
        let server = try await LoopbackServer.start([
            ("GET /api/tickers", { _ in LoopbackServer.json(page) }),
            (
                "GET /api/ticker",
                { request in
                    let ids = (request.query["id"] ?? "").split(separator: ",").compactMap { byID[String($0)] }
                    return LoopbackServer.json(Data("[".utf8) + Data(ids.joined(separator: Data(",".utf8))) + Data("]".utf8))
                }
            ),
            ("GET /v3.1/all", { _ in LoopbackServer.json(countries) }),
            ("POST /holidays", { _ in LoopbackServer.json(holidays) }),
            ("GET /v1/forecast", { _ in LoopbackServer.json(forecast) }),
        ])
        let sandbox = try Sandbox()
        var config = Config()
        config.countries.source = .restCountriesV3
        config.countries.baseURL = server.baseURL + "/v3.1"
        config.crypto.baseURL = server.baseURL + "/api"
        config.holidays.source = .remote
        config.holidays.baseURL = server.baseURL + "/holidays"
        config.holidays.apiKey = "bench"
        config.forecast.baseURL = server.baseURL + "/v1"
        config.forecast.places = [ForecastPlace(name: "Tallinn", latitude: 59.437, longitude: 24.7535)]
        let clock = TestClock()
        let start = try Date("2026-12-01T12:00:00Z", strategy: .iso8601)
        let runner = Runner.testing(sandbox, config: config, clock: clock, start: start, seed: 1)
        let store = try Store(path: sandbox.storeFile.path)
        let daemon = DaemonService(runner: runner)
        let generation = Task { [runner] in await daemon.runGeneration(runner, store: store, sink: Discard(), launch: false) }

        // The loops that sleep between rounds: held alerts, and one per registered feed.
        // (Watches: none enabled in the default config, so their kind has no loop.)
        let loops = Program.notifier.feeds.filter { !($0 is WatchFeedKind) }.count + 1
        let day = Duration.seconds(86400)
        var steps = 0
        while true {
            #expect(await clock.waitForSleepers(loops, checkEvery: .microseconds(200)), "a loop never slept again")
            guard let next = clock.nextDeadline, next.offset < day else { break }
            clock.advance(by: clock.now.duration(to: next))
            steps += 1
        }
        generation.cancel()
        await generation.value

        let counts = await server.requests()
        await server.stop()
        let result: [String: Any] = [
            "requests": counts, "steps": steps,
            "intervals": [
                "crypto": config.crypto.interval.components.seconds, "countries": config.countries.interval.components.seconds,
                "holidays": config.holidays.interval.components.seconds, "forecast": config.forecast.interval.components.seconds,
            ],
        ]
        try JSONSerialization.data(withJSONObject: result).write(to: URL(fileURLWithPath: try #require(Self.output)))
    }
}
