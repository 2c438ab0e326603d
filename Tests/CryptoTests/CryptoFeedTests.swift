import FlyingFox
import Foundation
import NotifierCore
import NotifierCrypto
import NotifierSystem
import Synchronization
import TestSupport
import Testing

private typealias Client = NotifierSystem.HTTPClient

@Suite struct CryptoFeedTests {
    // MARK: - Paging and pacing

    @Test func servesTheRealPage() async throws {
        let api = try await CoinLoreStub.start()
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        let tickers = try await feed.topTickers(limit: 100)
        #expect(tickers == (try CoinLoreDecoder.decodeTickersPage(Samples.data("coinlore_tickers_page1.json"))))
        #expect(api.log.events == ["GET /api/tickers/?start=0&limit=100"])
        #expect(api.clock.waits.isEmpty)
    }

    @Test func pagesAHundredAtATimeOneSecondApart() async throws {
        let api = try await CoinLoreStub.start()
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        let tickers = try await feed.topTickers(limit: 150)
        #expect(tickers.count == 150)
        #expect(tickers.map(\.rank) == Array(1...150))
        #expect(tickers[100].symbol == "S101")
        #expect(
            api.log.events == [
                "GET /api/tickers/?start=0&limit=100",
                "wait 1.0 seconds",
                "GET /api/tickers/?start=100&limit=50",
            ])
    }

    @Test func waitsOnlyWhatIsLeftOfTheSecond() async throws {
        // The clock moves 400 ms while the first page is fetched: 600 ms are left to wait.
        let api = try await CoinLoreStub.start(requestTakes: .milliseconds(400))
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        _ = try await feed.topTickers(limit: 300)
        #expect(api.clock.waits == [.milliseconds(600), .milliseconds(600)])
    }

    @Test func stopsAtTheEndOfTheList() async throws {
        let api = try await CoinLoreStub.start(totalCoins: 130)
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        let tickers = try await feed.topTickers(limit: 500)
        #expect(tickers.count == 130)
        #expect(api.log.events.filter { $0.hasPrefix("GET") }.count == 2)
    }

    @Test func aCoinOnTwoPagesIsReturnedOnce() async throws {
        // Ranks moved between the two requests: page 2 starts with page 1's last coin.
        let api = try await CoinLoreStub.start(secondPageRepeatsLast: true)
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        let tickers = try await feed.topTickers(limit: 150)
        #expect(Set(tickers.map(\.id)).count == tickers.count)
    }

    @Test(arguments: ["/api", "/api/", "/api//"])
    func baseURLsWithOrWithoutATrailingSlash(_ suffix: String) async throws {
        let api = try await CoinLoreStub.start()
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.server.baseURL + suffix, clock: api.clock)
        #expect(feed.baseURL == api.baseURL)
        #expect(try await feed.topTickers(limit: 5).map(\.symbol) == ["BTC", "ETH", "BNB", "USDT", "SOL"])
        _ = try await feed.tickers(ids: ["90"])
        #expect(api.log.events == ["GET /api/tickers/?start=0&limit=5", "GET /api/ticker/?id=90"])
    }

    @Test func theDefaultBaseURLIsCoinLore() {
        #expect(CryptoFeed(http: Client()).baseURL == "https://api.coinlore.net/api")
        #expect(CryptoFeed.name == "crypto")
    }

    // MARK: - By id

    @Test func asksForIdsInOneRequest() async throws {
        let api = try await CoinLoreStub.start()
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        let tickers = try await feed.tickers(ids: ["90", "80", "2710"])
        #expect(tickers.map(\.symbol) == ["BTC"]) // the stub answers with the id=90 sample
        #expect(tickers[0].priceUSD == Decimal(string: "66744.89", locale: Locale(identifier: "en_US_POSIX")))
        #expect(api.log.events == ["GET /api/ticker/?id=90,80,2710"])
    }

    @Test func dropsHostileIds() async throws {
        let api = try await CoinLoreStub.start()
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        let hostile = ["", " 80", "80 ", "1&limit=5", "../admin", "90#x", "%39%30", "-1", "1.5", "٣", "１", "\u{0}", "58\n"]
        _ = try await feed.tickers(ids: hostile + ["90", "33285", "90"])
        #expect(api.log.events == ["GET /api/ticker/?id=90,33285"])

        #expect(try await feed.tickers(ids: hostile).isEmpty)
        #expect(try await feed.tickers(ids: []).isEmpty)
        #expect(api.log.events.count == 1, "no request without a valid id")
    }

    // MARK: - Resolving the watch list

    @Test func resolvesSymbolsAndTheTopFromOnePage() async throws {
        let api = try await CoinLoreStub.start()
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        let watched = try await feed.resolve(symbols: ["btc", "Eth", "SHIB"], top: 3)
        #expect(watched.map(\.symbol) == ["BTC", "ETH", "BNB", "SHIB"])
        #expect(api.log.events == ["GET /api/tickers/?start=0&limit=100"])
    }

    @Test func findsBTCAndETHWithoutATop() async throws {
        let api = try await CoinLoreStub.start()
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        let watched = try await feed.resolve(symbols: ["ETH", "BTC", "eth"], top: 0)
        #expect(watched.map(\.id) == ["90", "80"])
        #expect(watched[0].priceUSD == Decimal(string: "99584.59", locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test func onlyTheTopAsksOnlyForTheTop() async throws {
        let api = try await CoinLoreStub.start()
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        #expect(try await feed.resolve(symbols: [], top: 10).map(\.rank) == Array(1...10))
        #expect(api.log.events == ["GET /api/tickers/?start=0&limit=10"])
        #expect(try await feed.resolve(symbols: [], top: 0).isEmpty)
        #expect(api.log.events.count == 1)
    }

    @Test func looksFiveHundredDeepForSymbolsAndLeavesOutWhatItCannotFind() async throws {
        let api = try await CoinLoreStub.start()
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        let watched = try await feed.resolve(symbols: ["BTC", "s250", "NOSUCHCOIN"], top: 2)
        #expect(watched.map(\.symbol) == ["BTC", "ETH", "S250"])
        #expect(api.log.events.filter { $0.hasPrefix("GET") } == (0..<5).map { "GET /api/tickers/?start=\($0 * 100)&limit=100" })
        #expect(api.clock.waits == Array(repeating: .seconds(1), count: 4))
        // The waits fall between the requests.
        #expect(api.log.events.enumerated().allSatisfy { $0.element.hasPrefix($0.offset.isMultiple(of: 2) ? "GET" : "wait") })
    }

    @Test func theBestRankedCoinWinsASharedSymbol() async throws {
        let api = try await CoinLoreStub.start(duplicateSymbol: ("S150", "BTC"))
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        #expect(try await feed.resolve(symbols: ["BTC", "S199"], top: 0).map(\.id) == ["90", "1199"])
    }

    // MARK: - Failures

    @Test func aServerErrorNamesTheFeedAndTheURL() async throws {
        let api = try await CoinLoreStub.start(status: .internalServerError)
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        let error = try #require(await feedError { try await feed.topTickers(limit: 50) })
        guard case .httpStatus(_, 500, _) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(error.description == "crypto feed: GET \(api.baseURL)/tickers/?start=0&limit=50 answered HTTP 500")

        let byId = try #require(await feedError { try await feed.tickers(ids: ["90", "80"]) })
        #expect(byId.description == "crypto feed: GET \(api.baseURL)/ticker/?id=90,80 answered HTTP 500")
        #expect(await feedError { try await feed.resolve(symbols: ["BTC"], top: 5) }?.context.feed == "crypto")
    }

    @Test func aFailureOnALaterPageFailsTheCall() async throws {
        let api = try await CoinLoreStub.start(failFrom: 100)
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        let error = try #require(await feedError { try await feed.topTickers(limit: 200) })
        #expect(error.description == "crypto feed: GET \(api.baseURL)/tickers/?start=100&limit=100 answered HTTP 503")
    }

    @Test func anEmptyDataArrayIsAFailedPollNotPricesOfZero() async throws {
        let api = try await CoinLoreStub.start(totalCoins: 0)
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        let calls: [() async throws -> [Ticker]] = [
            { try await feed.topTickers(limit: 100) }, { try await feed.resolve(symbols: ["BTC"], top: 10) },
        ]
        for call in calls {
            let error = try #require(await feedError(call))
            guard case .decoding(_, let detail) = error else {
                Issue.record("got \(error)")
                continue
            }
            #expect(detail == "no tickers in the response")
            #expect(error.description == "crypto feed: GET \(api.baseURL)/tickers/?start=0&limit=100 unexpected response: no tickers in the response")
        }
        let byId = try #require(await feedError { try await feed.tickers(ids: ["1"]) })
        #expect(byId.description == "crypto feed: GET \(api.baseURL)/ticker/?id=1 unexpected response: no tickers in the response")
    }

    @Test func anHTMLPageIsADecodingError() async throws {
        let api = try await CoinLoreStub.start(body: Data("<html><body>Too many requests</body></html>".utf8))
        defer { api.stop() }
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        let error = try #require(await feedError { try await feed.topTickers(limit: 1) })
        guard case .decoding = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(
            error.description.hasPrefix(
                "crypto feed: GET \(api.baseURL)/tickers/?start=0&limit=1 unexpected response: not the expected JSON (body starts with \"<html><body>"))
    }

    @Test func cancellingDuringTheWaitIsCancelled() async throws {
        let api = try await CoinLoreStub.start()
        defer { api.stop() }
        api.clock.failSleeps()
        let feed = CryptoFeed(http: Client(), baseURL: api.baseURL, clock: api.clock)
        let error = try #require(await feedError { try await feed.topTickers(limit: 200) })
        #expect(error == .cancelled(RequestContext(feed: "crypto", method: "GET", url: "\(api.baseURL)/tickers/?start=100&limit=100")))
    }
}
