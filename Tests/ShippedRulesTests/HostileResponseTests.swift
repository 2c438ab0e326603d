import FlyingFox
import Foundation
import NotifierCore
import NotifierCrypto
import NotifierEngine
import NotifierForecast
import NotifierHolidays
import NotifierSystem
import TestSupport
import Testing

/// A hostile world: answers that parse but cannot be believed, and the messages for refusals.
@Suite struct HostileResponseTests {
    // MARK: Duplicate keys (item 9)

    @Test(arguments: [
        (#"{"price_usd":"1","price_usd":"2"}"#, "price_usd"),
        (#"{"data":[{"id":"90","symbol":"BTC"},{"id":"80","id":"81"}]}"#, "id"),
        (#"{"a":{"b":1,"c":{"d":1,"d":[]}}}"#, "d"),
        (#"{"k\u0065y":1,"key":2}"#, "key"),
        (#"{ "x" : 1 , "x" : 2 }"#, "x"),
    ])
    func aKeyTwiceInOneObjectIsFound(_ json: String, _ key: String) {
        #expect(JSONDuplicateKeys.first(in: Data(json.utf8)) == key)
    }

    @Test(arguments: [
        #"{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}"#,
        #"{"a":"{\"a\":1,\"a\":2}","b":"\\","c":["a","a"]}"#,
        #"[{"a":1},{"a":1}]"#, #"{"a":"#, #"]]}}"#, "", "\"a\"",
    ])
    func distinctKeysAndBrokenTextPass(_ json: String) {
        #expect(JSONDuplicateKeys.first(in: Data(json.utf8)) == nil)
    }

    /// Foundation keeps the first `price_usd` (or the last, by the decoder): the answer is refused.
    @Test func aResponseWithADuplicateKeyIsABadResponse() async throws {
        let body = Data(#"[{"id":"90","symbol":"BTC","price_usd":"91000","price_usd":"1"}]"#.utf8)
        let server = try await LoopbackServer.start([("GET /api/ticker/", { _ in LoopbackServer.json(body) })])
        let feed = CryptoFeed(http: NotifierSystem.HTTPClient(), baseURL: server.baseURL + "/api")
        await #expect { _ = try await feed.tickers(ids: ["90"]) } throws: { error in
            "\(error)".contains("unexpected response: an object holds the key 'price_usd' twice")
        }
        await server.stop()
    }

    // MARK: Plausibility (item 8)

    static func ticker(price: String, change24h: String = "1.5", change1h: String = "0.1", cap: String = "1800000000000") -> String {
        #"{"id":"90","symbol":"BTC","name":"Bitcoin","rank":1,"price_usd":"\#(price)","percent_change_24h":"\#(change24h)","percent_change_1h":"\#(change1h)","market_cap_usd":"\#(cap)"}"#
    }

    @Test func figuresThatCannotBeTrueAreUnknown() throws {
        let json = "[" + Self.ticker(price: "91000", change24h: "-1e30", change1h: "-100.5", cap: "1e40") + "]"
        let ticker = try #require(try CoinLoreDecoder.decodeTickers(Data(json.utf8)).first)
        #expect(ticker.priceUSD == 91000)
        #expect(ticker.change24h == nil && ticker.change1h == nil && ticker.marketCapUSD == nil)
        let fine = try #require(try CoinLoreDecoder.decodeTickers(Data(("[" + Self.ticker(price: "91000", change24h: "-99.9") + "]").utf8)).first)
        #expect(fine.change24h == Decimal(string: "-99.9") && fine.change1h == Decimal(string: "0.1"))
    }

    @Test func anImpossiblePriceLeavesTheCoinOutAndSaysWhy() throws {
        let json = "[" + Self.ticker(price: "1e127") + "," + Self.ticker(price: "3000").replacingOccurrences(of: "BTC", with: "ETH") + "]"
        let (tickers, implausible) = try CoinLoreDecoder.decodeTickersReporting(Data(json.utf8))
        #expect(tickers.map(\.symbol) == ["ETH"])
        #expect(implausible.count == 1 && implausible[0].hasPrefix("'BTC' has a price of") && implausible[0].contains("cannot be true"), "\(implausible)")
        #expect(throws: CoinLoreDecoder.DecodeError.self) { try CoinLoreDecoder.decodeTickers(Data(("[" + Self.ticker(price: "1e127") + "]").utf8)) }
    }

    /// Absurd daily figures beside ordinary hourly ones: the day's figure is unknown, not the
    /// hours' (which read as a change from the service's daily figure the poll before).
    @Test func anAbsurdDailyFigureIsUnknownNotTheHours() throws {
        let json = #"""
            {"hourly":{"time":["2026-11-23T00:00","2026-11-23T12:00"],"precipitation_probability":[10,83],"temperature_2m":[1,2]},
             "daily":{"time":["2026-11-23"],"precipitation_probability_max":[1e9],"temperature_2m_max":[-1e30],"temperature_2m_min":[0.5]}}
            """#
        let day = try #require(try OpenMeteoDecoder.decodeForecast(Data(json.utf8), place: "X").days.first)
        #expect(day.precipitationProbability == nil, "not the hours' 83 %")
        #expect(day.maxTemperature == nil)
        #expect(day.minTemperature == 0.5)
    }

    // MARK: Messages (item 12)

    /// The service says why it refused (HTTP 401, `invalid-api-key`): the message names the setting.
    @Test(arguments: [
        (
            HTTPStatusCode.unauthorized, #"{"error":true,"reason":"invalid-api-key"}"#,
            "rejected the API key: fix feeds.holidays.api_key or NOTIFIER_HOLIDAYS_KEY"
        ),
        (.unauthorized, "Unauthorized", "answered HTTP 401: check feeds.holidays.api_key or NOTIFIER_HOLIDAYS_KEY"),
        (.internalServerError, "{}", "answered HTTP 500"),
    ])
    func aRefusedHolidayKeyNamesTheSetting(_ status: HTTPStatusCode, _ body: String, _ message: String) async throws {
        let server = try await LoopbackServer.start([("POST /holidays", { _ in LoopbackServer.json(Data(body.utf8), status: status) })])
        let feed = HolidaysFeed(http: NotifierSystem.HTTPClient(), baseURL: server.baseURL + "/holidays", apiKey: "k")
        let start = CivilDate(string: "2026-12-01")!
        await #expect { _ = try await feed.fetch(from: start, through: start.adding(days: 29)) } throws: { error in
            "\(error)".contains(message)
        }
        await server.stop()
    }

    @Test func holidaysOutsideTheAskedDatesAreNotBelieved() async throws {
        let body = #"{"error":false,"holidays":{"2026-12-24":[{"name":"Jõululaupäev","type":"public"}],"9999-01-01":[{"name":"Far","type":"public"}]}}"#
        let server = try await LoopbackServer.start([("POST /holidays", { _ in LoopbackServer.json(Data(body.utf8)) })])
        let feed = HolidaysFeed(http: NotifierSystem.HTTPClient(), baseURL: server.baseURL + "/holidays", apiKey: "k")
        let start = CivilDate(string: "2026-12-01")!
        #expect(try await feed.fetch(from: start, through: start.adding(days: 29)).map(\.name) == ["Jõululaupäev"])
        await server.stop()
    }

    /// A plain-http request redirected to ftp:// is not a "downgrade from https".
    @Test func aRedirectRefusalSaysWhatItRefused() async throws {
        let server = try await LoopbackServer.start([
            ("GET /ftp", { _ in FlyingFox.HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: "ftp://127.0.0.1/x"])) })
        ])
        await #expect { _ = try await NotifierSystem.HTTPClient().send(.get(server.baseURL + "/ftp"), feed: "test") } throws: { error in
            let text = "\(error)"
            return text.contains("refused a redirect to a protocol other than http or https") && !text.contains("https never downgrades")
        }
        await server.stop()
    }
}
