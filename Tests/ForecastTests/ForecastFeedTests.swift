import FlyingFox
import Foundation
import NotifierCore
import NotifierForecast
import NotifierSystem
import TestSupport
import Testing

/// The forecast client through the real libcurl client against a loopback server: what it asks
/// for, and what each error of both sources becomes.
@Suite struct ForecastFeedTests {
    static func serve(_ path: String, status: HTTPStatusCode = .ok, body: String, headers: [HTTPHeader: String] = [:]) async throws -> LoopbackServer {
        try await LoopbackServer.start([("GET \(path)", { _ in LoopbackServer.json(Data(body.utf8), status: status, headers: headers) })])
    }

    @Test func openMeteoAsksForSevenDaysInLocalTime() async throws {
        let sample = try Samples.data("openmeteo_forecast_hourly_daily_current_2025.json")
        let seen = QueryLog()
        let server = try await LoopbackServer.start([
            (
                "GET /v1/forecast",
                { request in
                    await seen.add(request.query)
                    return LoopbackServer.json(sample)
                }
            )
        ])
        let feed = ForecastFeed(http: NotifierSystem.HTTPClient(), source: .openMeteo(baseURL: server.baseURL + "/v1/", geocodingURL: ""))
        let forecast = try await feed.forecast(place: "Tallinn", latitude: 59.437, longitude: 24.7535)
        #expect(forecast.days.count == 7 && forecast.place == "Tallinn")
        let query = try #require(await seen.queries.first)
        #expect(query["latitude"] == "59.437" && query["longitude"] == "24.7535" && query["timezone"] == "auto" && query["forecast_days"] == "7")
        #expect(query["daily"]?.contains("precipitation_probability_max") == true && query["hourly"]?.contains("wind_gusts_10m") == true)
        await server.stop()
    }

    @Test func geocodingFindsAndNamesTheMissingPlace() async throws {
        let sample = try String(decoding: Samples.data("openmeteo_search_berlin.json"), as: UTF8.self)
        let server = try await LoopbackServer.start([
            (
                "GET /v1/search",
                { request in
                    let name = request.query.first { $0.name == "name" }?.value
                    return LoopbackServer.json(Data((name == "Berlin" ? sample : #"{"generationtime_ms":0.2}"#).utf8))
                }
            )
        ])
        let feed = ForecastFeed(http: NotifierSystem.HTTPClient(), source: .openMeteo(baseURL: "", geocodingURL: server.baseURL + "/v1"))
        #expect(try await feed.geocode("Berlin", geocodingURL: server.baseURL + "/v1").latitude == 52.52437)
        let error = try #require(await feedError { try await feed.geocode("Atlantis", geocodingURL: server.baseURL + "/v1") })
        #expect(error.description.contains("no place called 'Atlantis' was found"), "\(error)")
        #expect(error.description.contains("feeds.forecast.places"), "\(error)")
        await server.stop()
    }

    @Test(arguments: [
        (
            HTTPStatusCode.unauthorized, #"{"cod":401,"message":"Invalid API key."}"#,
            "rejected the API key (401: Invalid API key.): fix feeds.forecast.api_key or NOTIFIER_OWM_KEY"
        ),
        (HTTPStatusCode.notFound, #"{"cod":"404","message":"city not found"}"#, "found no place called 'Atlantis' (404: city not found)"),
        (HTTPStatusCode.tooManyRequests, #"{"cod":429,"message":"blocked"}"#, "answered HTTP 429, retry after 60 s"),
        (HTTPStatusCode.internalServerError, "<html>oops</html>", "answered HTTP 500"),
        (HTTPStatusCode.ok, "<html>maintenance</html>", "unexpected response"),
    ])
    func openWeatherMapErrorsSayWhatToFix(_ status: HTTPStatusCode, _ body: String, _ message: String) async throws {
        let server = try await Self.serve("/data/2.5/forecast", status: status, body: body, headers: [HTTPHeader("Retry-After"): "60"])
        let feed = ForecastFeed(http: NotifierSystem.HTTPClient(), source: .openWeatherMap(baseURL: server.baseURL, apiKey: "secret-key-1234"))
        let error = try #require(await feedError { try await feed.forecast(place: "Atlantis", latitude: nil, longitude: nil) })
        #expect(error.description.hasPrefix("forecast feed: GET \(server.baseURL)/data/2.5/forecast?q=Atlantis&appid=***"), "\(error)")
        #expect(error.description.contains(message), "\(error)")
        #expect(!error.description.contains("secret-key-1234"))
        await server.stop()
    }

    @Test func openWeatherMapWithoutAKeyAsksNothing() async throws {
        let server = try await Self.serve("/data/2.5/forecast", body: "{}")
        let feed = ForecastFeed(http: NotifierSystem.HTTPClient(), source: .openWeatherMap(baseURL: server.baseURL, apiKey: ""))
        let error = try #require(await feedError { try await feed.forecast(place: "Tallinn", latitude: nil, longitude: nil) })
        #expect(error.description.contains("needs an API key: set feeds.forecast.api_key or NOTIFIER_OWM_KEY"))
        #expect(await server.requests(to: "/data/2.5/forecast") == 0)
        await server.stop()
    }

    @Test func openMeteoErrorsSayWhatWasRefused() async throws {
        let server = try await Self.serve("/v1/forecast", status: .badRequest, body: #"{"error":true,"reason":"Latitude must be in range of -90 to 90°."}"#)
        let feed = ForecastFeed(http: NotifierSystem.HTTPClient(), source: .openMeteo(baseURL: server.baseURL + "/v1", geocodingURL: ""))
        let error = try #require(await feedError { try await feed.forecast(place: "X", latitude: 1, longitude: 2) })
        #expect(error.description.contains("refused the request: Latitude must be in range"), "\(error)")
        await server.stop()
    }
}

private actor QueryLog {
    var queries: [[String: String]] = []
    func add(_ items: [FlyingFox.HTTPRequest.QueryItem]) {
        queries.append(Dictionary(items.map { ($0.name, $0.value) }) { first, _ in first })
    }
}
