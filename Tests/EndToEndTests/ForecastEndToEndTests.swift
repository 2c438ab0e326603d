import FlyingFox
import Foundation
import NotifierEngine
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

/// `notifier --once` against a loopback Open-Meteo (and OpenWeatherMap) serving scripted
/// forecast sequences: exact alerts, none repeated across runs, every error named.
@Suite(.serialized, .sharingTheMachine) struct ForecastEndToEndTests {
    /// Each day's figures, by days from today at the place (Tallinn).
    struct Day {
        var low = 1.0, high = 5.0, rain = 10.0, code = 3, gusts = 30.0
    }

    actor Script {
        var days = Array(repeating: Day(), count: 7)
        var status: HTTPStatusCode = .ok
        var rawBody: String?
        func set(_ offset: Int, _ change: (inout Day) -> Void) { change(&days[offset]) }
        func fail(_ status: HTTPStatusCode, body: String) {
            self.status = status
            rawBody = body
        }
        func heal() {
            status = .ok
            rawBody = nil
        }

        /// Open-Meteo's answer with `daily` for today … today + 6 in Tallinn.
        func body() -> (Data, HTTPStatusCode) {
            if let rawBody { return (Data(rawBody.utf8), status) }
            let today = CivilDate(Date(), in: TimeZone(identifier: "Europe/Tallinn")!)
            func column<T>(_ value: (Day) -> T) -> String { days.map { "\(value($0))" }.joined(separator: ",") }
            let json = """
                {"latitude":59.44,"longitude":24.75,"timezone":"Europe/Tallinn",
                 "daily":{"time":[\(days.indices.map { "\"\(today.adding(days: $0))\"" }.joined(separator: ","))],
                 "temperature_2m_min":[\(column(\.low))],"temperature_2m_max":[\(column(\.high))],
                 "precipitation_probability_max":[\(column(\.rain))],"precipitation_sum":[\(column { _ in 0.0 })],
                 "weather_code":[\(column(\.code))],"wind_gusts_10m_max":[\(column(\.gusts))]}}
                """
            return (Data(json.utf8), status)
        }
    }

    static func serve(_ script: Script) async throws -> LoopbackServer {
        let geocoding = try Samples.data("openmeteo_search_berlin.json")
        return try await LoopbackServer.start([
            (
                "GET /v1/forecast",
                { _ in
                    let (body, status) = await script.body()
                    return LoopbackServer.json(body, status: status)
                }
            ),
            (
                "GET /geo/v1/search",
                { request in
                    let name = request.query.first { $0.name == "name" }?.value
                    return LoopbackServer.json(name == "Berlin" ? geocoding : Data(#"{"generationtime_ms":0.3}"#.utf8))
                }
            ),
        ])
    }

    static func sandbox(
        _ server: LoopbackServer, places: String = #"[{ name = "Tallinn", latitude = 59.437, longitude = 24.7535 }]"#,
        extra: String = ""
    ) throws -> Sandbox {
        try Sandbox(
            config: """
                [feeds.crypto]
                enabled = false
                [feeds.forecast]
                base_url = "\(server.baseURL)/v1"
                geocoding_url = "\(server.baseURL)/geo/v1"
                places = \(places)
                [rules.launch_country]
                enabled = false
                \(extra)
                """)
    }

    /// Makes the stored forecasts look an interval old, so the next `--once` asks again.
    static func age(_ sandbox: Sandbox) throws {
        let store = try Store(path: sandbox.storeFile.path)
        try store.write("ageing forecasts") { db in
            try db.execute(sql: "UPDATE forecast SET fetched_at = datetime(fetched_at, '-31 minutes')")
        }
    }

    /// One `--once` pass: the titles and bodies it delivered, as JSON Lines.
    static func pass(_ sandbox: Sandbox, status: Int32 = 0) async throws -> [[String: Any]] {
        let result = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
        #expect(result.status == status, "\(result.stderr)")
        try age(sandbox)
        return result.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    static func weekday(_ offset: Int) -> String {
        let today = CivilDate(Date(), in: TimeZone(identifier: "Europe/Tallinn")!)
        switch offset {
        case 0: return "Today"
        case 1: return "Tomorrow"
        default: return ForecastText.weekday(today.adding(days: offset), locale: Locale(identifier: "en_US_POSIX"))
        }
    }

    @Test func rainAppearsHoversAndDisappearsOneAlertPerCrossing() async throws {
        let script = Script()
        let server = try await Self.serve(script)
        let sandbox = try Self.sandbox(server)
        var bodies: [[String]] = []
        for rain in [10.0, 75, 45, 65, 59, 20, 20, 28, 31] {
            await script.set(3) { $0.rain = rain }
            bodies.append(try await Self.pass(sandbox).compactMap { $0["body"] as? String })
        }
        let day = Self.weekday(3)
        #expect(bodies == [[], ["\(day): rain now likely, 10 % → 75 %"], [], [], [], ["\(day): rain no longer expected, 59 % → 20 %"], [], [], []])
        await server.stop()
    }

    @Test func aTemperatureCreepingByOneDegreeAPollNotifiesAtFourAndNotAgain() async throws {
        let script = Script()
        let server = try await Self.serve(script)
        let sandbox = try Self.sandbox(server)
        var titles: [[String]] = []
        for high in [5.0, 6, 7, 8, 9, 10, 11] {
            await script.set(2) { $0.high = high }
            titles.append(try await Self.pass(sandbox).compactMap { $0["body"] as? String })
        }
        #expect(titles == [[], [], [], [], ["\(Self.weekday(2)): high 5 °C → 9 °C"], [], []])
        await server.stop()
    }

    @Test func severalDaysAtOnceAreOneNotificationOpeningTheForecast() async throws {
        let script = Script()
        let server = try await Self.serve(script)
        let sandbox = try Self.sandbox(server)
        #expect(try await Self.pass(sandbox).isEmpty)
        for offset in [1, 2, 4] { await script.set(offset) { $0.code = 95 } }
        let alerts = try await Self.pass(sandbox)
        #expect(alerts.count == 1)
        let alert = try #require(alerts.first)
        #expect(
            alert["title"] as? String
                == "3 forecast changes for Tallinn: tomorrow thunderstorm, \(Self.weekday(2)) thunderstorm, \(Self.weekday(4)) thunderstorm")
        #expect(alert["deep_link"] as? String == "notifier open forecast Tallinn" && alert["url"] as? String == "notifier://forecast/Tallinn", "\(alert)")
        #expect(try await Self.pass(sandbox).isEmpty, "the same forecast again, in a new process: nothing")
        await script.set(5) { $0.code = 71 }
        let dry = try await ProcessRunner.notifier(["--once", "--dry-run"], environment: sandbox.environment())
        #expect(dry.stdout.contains("would deliver forecast_severe Tallinn/"), "\(dry.stdout)")
        #expect(dry.stdout.contains("because the condition changed to snow (was cloudy)"), "\(dry.stdout)")
        #expect(
            try await Self.pass(sandbox).compactMap { $0["body"] as? String } == ["\(Self.weekday(5)): snow now forecast (was cloudy)"],
            "a dry run changes nothing")
        await server.stop()
    }

    @Test func onePerPlacePerIntervalAndANameGeocodedOnce() async throws {
        let script = Script()
        let server = try await Self.serve(script)
        let sandbox = try Self.sandbox(server, places: #"["Berlin"]"#)
        for _ in 0..<3 {
            let result = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(await server.requests(to: "/v1/forecast") == 1, "within the interval, not asked again")
        #expect(await server.requests(to: "/geo/v1/search") == 1)
        try Self.age(sandbox)
        _ = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
        #expect(await server.requests(to: "/v1/forecast") == 2)
        #expect(await server.requests(to: "/geo/v1/search") == 1, "the name was resolved once and kept")
        await server.stop()
    }

    @Test func anUnknownPlaceIsNamedAndTheExitCodeSaysTheFeedFailed() async throws {
        let script = Script()
        let server = try await Self.serve(script)
        let sandbox = try Self.sandbox(server, places: #"["Atlantis"]"#)
        let result = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("no place called 'Atlantis' was found: check feeds.forecast.places"), "\(result.stderr)")
        #expect(await server.requests(to: "/v1/forecast") == 0)
        await server.stop()
    }

    @Test func aBrokenAnswerIsNoDataNotAFalseAlertAndTheFeedRecovers() async throws {
        let script = Script()
        let server = try await Self.serve(script)
        let sandbox = try Self.sandbox(server)
        #expect(try await Self.pass(sandbox).isEmpty)
        for (status, body) in [
            (HTTPStatusCode.ok, #"{"daily":{"time":["#), (.internalServerError, "<html>"), (.ok, "{}"),
            (.badRequest, #"{"error":true,"reason":"Parameter 'daily' is invalid"}"#),
        ] {
            await script.fail(status, body: body)
            let result = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
            #expect(result.status == 1 && result.stdout.isEmpty, "\(status): \(result.stdout)")
            #expect(result.stderr.contains("forecast feed: GET \(server.baseURL)/v1/forecast?latitude=59.437"), "\(result.stderr)")
        }
        await script.heal()
        #expect(try await Self.pass(sandbox).isEmpty, "healed, with the same figures as before: nothing to say")
        await server.stop()
    }

    @Test func theViewMarksWhatChangedSinceThePreviousForecast() async throws {
        let script = Script()
        let server = try await Self.serve(script)
        let sandbox = try Self.sandbox(server)
        _ = try await Self.pass(sandbox)
        await script.set(1) { $0.high = 9 }
        await script.set(1) { $0.rain = 80 }
        _ = try await Self.pass(sandbox)
        let text = try await ProcessRunner.notifier(["open", "forecast"], environment: sandbox.environment())
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("Tallinn — 7-day forecast"), "\(text.stdout)")
        #expect(text.stdout.contains("9 °C▲") && text.stdout.contains("80 %▲"), "\(text.stdout)")
        #expect(text.stdout.contains("Source: Open-Meteo"), "\(text.stdout)")
        let json = try await ProcessRunner.notifier(["open", "forecast", "tallinn", "--json"], environment: sandbox.environment())
        let view = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let days = try #require(view["days"] as? [[String: Any]])
        #expect(days.count == 7 && (days[1]["changed"] as? [String: String]) == ["max": "▲", "precipitationProbability": "▲"])
        let viaURL = try await ProcessRunner.notifier(["open-url", "notifier://forecast/Tallinn"], environment: sandbox.environment())
        #expect(viaURL.stdout == text.stdout)
        let unknown = try await ProcessRunner.notifier(["open", "forecast", "Narnia"], environment: sandbox.environment())
        #expect(unknown.status == 2 && unknown.stderr.contains("configured places: Tallinn"), "\(unknown.stderr)")
        await server.stop()
    }

    @Test func openWeatherMapSampleThroughTheBinary() async throws {
        let sample = try Samples.data("openweathermap_forecast_5day3h_berlin_2020.json")
        let server = try await LoopbackServer.start([
            (
                "GET /data/2.5/forecast",
                { request in
                    let key = request.query.first { $0.name == "appid" }?.value
                    return key == "good"
                        ? LoopbackServer.json(sample)
                        : LoopbackServer.json(Data(#"{"cod":401,"message":"Invalid API key."}"#.utf8), status: .unauthorized)
                }
            )
        ])
        let sandbox = try Self.sandbox(server, places: #"["Berlin"]"#, extra: "")
        var config = try String(contentsOf: sandbox.configFile, encoding: .utf8)
        config = config.replacingOccurrences(of: "base_url = \"\(server.baseURL)/v1\"", with: "source = \"openweathermap\"\nbase_url = \"\(server.baseURL)\"")
        try config.write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        let refused = try await ProcessRunner.notifier(["--once"], environment: sandbox.environment(["NOTIFIER_OWM_KEY": "wrong-key-123456"]))
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("rejected the API key (401: Invalid API key.): fix feeds.forecast.api_key or NOTIFIER_OWM_KEY"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("wrong-key-123456"))
        let fine = try await ProcessRunner.notifier(["--once"], environment: sandbox.environment(["NOTIFIER_OWM_KEY": "good"]))
        #expect(fine.status == 0, "\(fine.stderr)")
        let view = try await ProcessRunner.notifier(["open", "forecast", "Berlin"], environment: sandbox.environment())
        #expect(view.stdout.contains("2020-04-06") && view.stdout.contains("Source: OpenWeatherMap"), "\(view.stdout)")
        await server.stop()
    }
}
