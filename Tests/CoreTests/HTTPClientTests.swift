import FlyingFox
import Foundation
import NotifierCore
import NotifierSystem
import TestSupport
import Testing

private typealias Client = NotifierSystem.HTTPClient
private typealias Request = NotifierSystem.HTTPRequest

/// The real libcurl client against a real server on 127.0.0.1.
@Suite struct HTTPClientTests {
    static func withServer(_ body: (LoopbackServer) async throws -> Void) async throws {
        let big = Data(repeating: 0x61, count: 300_000)
        let server = try await LoopbackServer.start([
            ("GET /countries", { _ in LoopbackServer.json(try Samples.data("restcountries_v3.1_all_full.json")) }),
            ("GET /missing", { _ in LoopbackServer.json(Data("{}".utf8), status: .notFound) }),
            ("GET /broken", { _ in LoopbackServer.json(Data("oops".utf8), status: .internalServerError) }),
            ("GET /busy", { _ in LoopbackServer.json(Data(), status: .serviceUnavailable, headers: [HTTPHeader("Retry-After"): "120"]) }),
            (
                "GET /busy-until",
                { _ in
                    // A date and no `Date` header: counted from when the answer came.
                    let until = Date().addingTimeInterval(120).formatted(
                        Date.VerbatimFormatStyle(
                            format:
                                "\(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .defaultDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) GMT",
                            locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "GMT")!, calendar: Calendar(identifier: .gregorian)))
                    return LoopbackServer.json(Data(), status: .serviceUnavailable, headers: [HTTPHeader("Retry-After"): until])
                }
            ),
            (
                "GET /slow",
                { _ in
                    try await Task.sleep(for: .seconds(30))
                    return LoopbackServer.json(Data("{}".utf8))
                }
            ),
            ("GET /big", { _ in LoopbackServer.json(big) }),
            ("GET /loop", { _ in FlyingFox.HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: "/loop"])) }),
            ("GET /agent", { request in LoopbackServer.json(Data((request.headers[HTTPHeader("User-Agent")] ?? "").utf8)) }),
            ("POST /echo", { request in LoopbackServer.json(try await request.bodyData) }),
        ])
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func fetchesARealSample() async throws {
        try await Self.withServer { server in
            let response = try await Client().send(Request.get(server.baseURL + "/countries"), feed: "countries")
            #expect(response.status == 200)
            #expect((try JSONSerialization.jsonObject(with: response.body) as? [Any])?.count == 250)
        }
    }

    @Test func reusesTheConnectionForTheSameHost() async throws {
        try await Self.withServer { server in
            let client = Client()
            let first = try await client.send(Request.get(server.baseURL + "/agent"), feed: "test")
            let second = try await client.send(Request.get(server.baseURL + "/agent"), feed: "test")
            #expect(first.newConnections == 1)
            #expect(second.newConnections == 0)
        }
    }

    /// A handle idle past curl's reuse age is cleaned up at a feed's rest; a fresh one is kept,
    /// and the host's next request opens a connection of its own.
    @Test func aConnectionIdlePastItsReuseIsClosed() async throws {
        try await Self.withServer { server in
            let client = Client()
            _ = try await client.send(Request.get(server.baseURL + "/agent"), feed: "test")
            #expect(client.closeStaleConnections() == 0)
            #expect(client.closeStaleConnections(now: .now + Client.connectionReuseAge + .seconds(1)) == 1)
            #expect(client.closeStaleConnections(now: .now + Client.connectionReuseAge + .seconds(1)) == 0)
            let again = try await client.send(Request.get(server.baseURL + "/agent"), feed: "test")
            #expect(again.status == 200)
            #expect(again.newConnections == 1)
        }
    }

    @Test func sendsItsUserAgent() async throws {
        try await Self.withServer { server in
            let response = try await Client().send(Request.get(server.baseURL + "/agent"), feed: "test")
            #expect(String(decoding: response.body, as: UTF8.self) == "notifier/\(Client.version)")
        }
    }

    @Test func postsJSON() async throws {
        struct Query: Codable, Equatable {
            var apiKey: String
            var startDate: String
        }
        try await Self.withServer { server in
            let query = Query(apiKey: "k", startDate: "2026-12-01")
            let response = try await Client().send(try Request.postJSON(server.baseURL + "/echo", query), feed: "holidays")
            #expect(try JSONDecoder().decode(Query.self, from: response.body) == query)
        }
    }

    @Test func statusErrorsNameTheFeedURLAndStatus() async throws {
        try await Self.withServer { server in
            let client = Client()
            await #expect(
                throws: FeedError.httpStatus(RequestContext(feed: "crypto", method: "GET", url: server.baseURL + "/missing"), status: 404, retryAfter: nil)
            ) {
                try await client.send(Request.get(server.baseURL + "/missing"), feed: "crypto")
            }
            let error = try #require(await feedError { try await client.send(Request.get(server.baseURL + "/broken"), feed: "crypto") })
            #expect(error.description == "crypto feed: GET \(server.baseURL)/broken answered HTTP 500")
            let busy = try #require(await feedError { try await client.send(Request.get(server.baseURL + "/busy"), feed: "crypto") })
            guard case .httpStatus(_, 503, 120) = busy else {
                Issue.record("got \(busy)")
                return
            }
            let until = try #require(await feedError { try await client.send(Request.get(server.baseURL + "/busy-until"), feed: "crypto") })
            guard case .httpStatus(_, 503, .some(let seconds)) = until, (110...121).contains(seconds) else {
                Issue.record("an HTTP date two minutes on: \(until)")
                return
            }
        }
    }

    @Test func timesOut() async throws {
        try await Self.withServer { server in
            let client = Client(limits: HTTPLimits(totalTimeout: .milliseconds(500)))
            let start = ContinuousClock.now
            let error = try #require(await feedError { try await client.send(Request.get(server.baseURL + "/slow"), feed: "forecast") })
            guard case .timedOut = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(error.description.hasPrefix("forecast feed: GET \(server.baseURL)/slow timed out after"))
            #expect(ContinuousClock.now - start < .seconds(15), "the client's 0.5 s limit, not the server's 30 s answer")
        }
    }

    @Test func stopsReadingPastTheSizeLimit() async throws {
        try await Self.withServer { server in
            let client = Client(limits: HTTPLimits(maxBodyBytes: 100_000))
            let error = try #require(await feedError { try await client.send(Request.get(server.baseURL + "/big"), feed: "countries") })
            guard case .bodyTooLarge(_, 100_000) = error else {
                Issue.record("got \(error)")
                return
            }
            // The same limit lets a smaller body through.
            #expect(try await Client(limits: HTTPLimits(maxBodyBytes: 400_000)).send(Request.get(server.baseURL + "/big"), feed: "c").body.count == 300_000)
        }
    }

    @Test func stopsARedirectLoop() async throws {
        try await Self.withServer { server in
            // A generous total time: what is tested is the count, on however loaded a machine.
            let client = Client(limits: HTTPLimits(totalTimeout: .seconds(60)))
            let error = try #require(await feedError { try await client.send(Request.get(server.baseURL + "/loop"), feed: "crypto") })
            guard case .tooManyRedirects(_, 5) = error else {
                Issue.record("got \(error)")
                return
            }
        }
    }

    @Test func reportsARefusedConnection() async throws {
        // Port 1 on loopback: nothing listens there.
        let error = try #require(await feedError { try await Client().send(Request.get("http://127.0.0.1:1/x"), feed: "crypto") })
        guard case .cannotConnect = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(error.description.hasPrefix("crypto feed: GET http://127.0.0.1:1/x cannot connect"))
    }

    @Test(arguments: ["ftp://example.org/x", "file:///etc/passwd", "not a url", "http://"])
    func rejectsURLsThatAreNotHTTP(_ url: String) async {
        await #expect(throws: FeedError.invalidURL(RequestContext(feed: "x", method: "GET", url: url))) {
            try await Client().send(Request.get(url), feed: "x")
        }
    }

    @Test func masksKeysInMessages() {
        let context = RequestContext(feed: "forecast", method: "GET", url: "https://h/data?q=Tallinn&appid=SECRET123&units=metric")
        #expect(context.url == "https://h/data?q=Tallinn&appid=***&units=metric")
    }
}
