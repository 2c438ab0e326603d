import Foundation
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

/// The live crypto list's timer and marks, with an injected `now`: nothing sleeps.
@Suite struct CryptoListModelTests {
    static func names(_ effects: [ViewEffect]) -> [String] {
        effects.compactMap { if case .start(let task) = $0 { task.name } else { nil } }
    }

    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func model() -> CryptoListModel {
        CryptoListModel(
            tickers: [CryptoTickers.ticker("BTC", 100, rank: 1)], fetchedAt: nil, previous: [:], interval: 30,
            now: { Date(timeIntervalSince1970: 1_798_000_000) },
            fetch: { .failed("unused") })
    }

    @Test func theTimerPausesOnAnErrorAndResumesAfterAGoodFetch() {
        var list = model()
        #expect(Self.names(list.appear()) == ["crypto"])
        #expect(Self.names(list.handle(.tick(start.addingTimeInterval(60)))).isEmpty, "one fetch at a time")
        _ = list.handle(.finished(name: "crypto", result: CryptoListModel.Fetched.tickers([CryptoTickers.ticker("BTC", 110, rank: 1)], at: start)))
        #expect(Self.names(list.handle(.tick(start.addingTimeInterval(29)))).isEmpty)
        #expect(Self.names(list.handle(.tick(start.addingTimeInterval(30)))) == ["crypto"], "every feeds.crypto.interval")
        _ = list.handle(.finished(name: "crypto", result: CryptoListModel.Fetched.failed("HTTP 500 from api.coinlore.net")))
        #expect(Self.names(list.handle(.tick(start.addingTimeInterval(600)))).isEmpty, "paused after an error")
        #expect(list.frame(width: 100, height: 10, now: start).status?.text == "Refresh paused: HTTP 500 from api.coinlore.net  r retries")
        #expect(Self.names(list.handle(.key(.character("r")))) == ["crypto"])
        _ = list.handle(
            .finished(name: "crypto", result: CryptoListModel.Fetched.tickers([CryptoTickers.ticker("BTC", 105, rank: 1)], at: start.addingTimeInterval(700))))
        #expect(list.error == nil)
        #expect(Self.names(list.handle(.tick(start.addingTimeInterval(730)))) == ["crypto"], "resumed")
    }

    @Test func risesAndFallsAreMarkedAgainstThePreviousFetchAndAmountsScaled() {
        var list = model()
        _ = list.appear()
        _ = list.handle(
            .finished(
                name: "crypto",
                result: CryptoListModel.Fetched.tickers([CryptoTickers.ticker("BTC", 90, rank: 1), CryptoTickers.ticker("ETH", 5, rank: 2)], at: start)))
        _ = list.handle(.key(.down)) // the selected row is drawn reversed, not coloured
        let frame = list.frame(width: 100, height: 10, now: start)
        #expect(frame.title.text.hasPrefix("Crypto — 2 coins"))
        let btc = frame.body[1]
        #expect(btc.text.contains("$90.00 ▼") && btc.spans.contains { $0.emphasis == .fall }, "\(btc.text)")
        #expect(btc.text.contains("$1.97 T"), "\(btc.text)")
        #expect(frame.body[2].text.contains("$5.00  "), "no mark without a previous price")
        _ = list.handle(.key(.character("n")))
        #expect(list.sorted.map(\.symbol) == ["BTC", "ETH"])
        _ = list.handle(.key(.character("p")))
        #expect(list.sorted.first?.symbol == "BTC")
    }

    /// The round may answer with the poll the list already shows (the daemon polled moments
    /// ago): nothing is marked or drawn twice; alerts with no desktop to go to show here.
    @Test func theSamePollIsNotCountedTwiceAndAlertsWithNoDesktopShowHere() {
        var list = model()
        _ = list.appear()
        let poll = CryptoListModel.Fetched.tickers([CryptoTickers.ticker("BTC", 90, rank: 1)], at: start)
        _ = list.handle(.finished(name: "crypto", result: poll))
        _ = list.handle(.key(.character("r")))
        _ = list.handle(
            .finished(
                name: "crypto", result: CryptoListModel.Fetched.tickers([CryptoTickers.ticker("BTC", 90, rank: 1)], at: start, told: ["BTC: −10.0 % in 1 h"])))
        #expect(list.history["BTC"] == [90], "one point for one poll")
        #expect(list.previous["BTC"] == 100, "still marked against the poll before it")
        var layout = ScreenLayout(width: 100, height: 12)
        let text = layout.plainText(for: list.frame(width: 100, height: 12, now: start))
        #expect(text.contains("⚑ BTC: −10.0 % in 1 h"), "\(text)")
    }

    @Test func anEmptyAnswerShowsAPlaceholder() {
        var list = CryptoListModel(
            tickers: [], fetchedAt: nil, previous: [:], interval: 30, now: { Date(timeIntervalSince1970: 1_798_000_000) }, fetch: { .failed("unused") })
        _ = list.appear()
        _ = list.handle(.finished(name: "crypto", result: CryptoListModel.Fetched.tickers([], at: start)))
        var layout = ScreenLayout(width: 80, height: 8)
        #expect(layout.plainText(for: list.frame(width: 80, height: 8, now: start)).contains("No coins in the answer"))
    }

    @Test(arguments: [
        (1_967_874_549_929.5, "$1.97 T"), (60_985_129_577.58225, "$60.99 B"), (512_300_000, "$512.30 M"), (1234.5, "$1,234.5"), (0.000123456, "$0.0001235"),
    ])
    func amountsAreScaled(_ value: Double, _ text: String) {
        #expect(Amounts.dollars(Decimal(value)) == text)
    }
}
