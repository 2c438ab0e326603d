import FlyingFox
import Foundation
import NotifierCore
import NotifierCountries
import NotifierSystem
import TestSupport
import Testing

private typealias Client = NotifierSystem.HTTPClient
private typealias Request = NotifierSystem.HTTPRequest

@Suite struct CountriesFeedTests {
    @Test func fetchesAV3ServerInTwoFieldLimitedParts() async throws {
        let sample = try Samples.data("restcountries_v3.1_all_full.json")
        let server = try await LoopbackServer.start([
            (
                "GET /v3.1/all",
                { request in
                    let fields = request.query["fields"]?.split(separator: ",") ?? []
                    guard !fields.isEmpty, fields.count <= 10 else { return LoopbackServer.json(Data(), status: .badRequest) }
                    return LoopbackServer.json(sample)
                }
            )
        ])
        defer { Task { await server.stop() } }
        let feed = CountriesFeed(http: Client(), source: .restCountriesV3, baseURL: server.baseURL + "/v3.1/", apiKey: nil)
        let countries = try await feed.fetchAll()
        #expect(countries.count == 250)
        #expect(await server.requests(to: "/v3.1/all") == 2)
    }

    @Test func pagesThroughV5WithTheKey() async throws {
        let sample = try Samples.data("restcountries_v5_countries_page.json")
        let lastPage = Data(String(decoding: sample, as: UTF8.self).replacingOccurrences(of: "\"more\": true", with: "\"more\": false").utf8)
        let server = try await LoopbackServer.start([
            (
                "GET /countries/v5",
                { request in
                    guard request.headers[HTTPHeader("Authorization")] == "Bearer good-key" else {
                        return LoopbackServer.json(Data(#"{"errors":[{"message":"Authorization key required."}]}"#.utf8), status: .unauthorized)
                    }
                    return LoopbackServer.json(request.query["offset"] == "0" ? sample : lastPage)
                }
            )
        ])
        defer { Task { await server.stop() } }
        let feed = CountriesFeed(http: Client(), source: .restCountriesV5, baseURL: server.baseURL + "/countries/v5", apiKey: "good-key")
        #expect(try await feed.fetchAll().count == 48)
        #expect(await server.requests(to: "/countries/v5") == 2)

        let badKey = CountriesFeed(http: Client(), source: .restCountriesV5, baseURL: server.baseURL + "/countries/v5", apiKey: "bad-key")
        let error = try #require(await feedError { try await badKey.fetchAll() })
        #expect(error.description.contains("NOTIFIER_RESTCOUNTRIES_KEY"))
    }

    @Test func v5WithoutAKeySaysWhichSettingToFix() async throws {
        let feed = CountriesFeed(http: Client(), source: .restCountriesV5, baseURL: "http://127.0.0.1:1/v5", apiKey: "")
        let error = try #require(await feedError { try await feed.fetchAll() })
        #expect(error.description.contains("feeds.countries.api_key"))
    }

    @Test func anHTMLPageIsADecodingError() async throws {
        let server = try await LoopbackServer.start([
            ("GET /v3.1/all", { _ in LoopbackServer.json(Data("<html><body>Service moved</body></html>".utf8)) })
        ])
        defer { Task { await server.stop() } }
        let feed = CountriesFeed(http: Client(), source: .restCountriesV3, baseURL: server.baseURL + "/v3.1", apiKey: nil)
        let error = try #require(await feedError { try await feed.fetchAll() })
        guard case .decoding = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(error.description.hasPrefix("countries feed: GET \(server.baseURL)/v3.1/all unexpected response"))
    }
}
