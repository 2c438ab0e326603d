import Foundation
import NotifierEngine
import Testing

@testable import NotifierCrypto

/// A poll's crypto rules handed to the engine's step one reading at a time (`CryptoPoll`, as the
/// daemon, the dry run and `notifier test` step them) decide what the same rules' readings made
/// whole decide (`readings`, `evaluate(groups:)`), alert for alert, note for note and record for
/// record.
@Suite struct CryptoPollTests {
    /// Polls of a page that reorders, loses and regains coins, lists a symbol twice or in lower
    /// case, with moves beyond the levels, their own levels for two coins, and crypto_cross levels.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func stepsAsTheReadingsDecide(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let symbols = ["BTC", "ETH", "eth", "XRP", "SOL", "DOGE", "BAD SYMBOL", "ADA", "DOT", "LTC"]
        let change = CryptoChangeRule(thresholdPercent: 3, rearmPercent: 2, overrides: ["ETH": .init(threshold: 1.5, rearm: 1)])
        let move = CryptoMoveRule(percent: 2, rearmPercent: 1, window: .seconds(300), overrides: ["SOL": .init(threshold: 1, rearm: 0.5)])
        let cross = PriceCrossingRule(levels: ["BTC > 105", "XRP < 95"].compactMap { PriceCrossingRule.Level(parsing: $0) })
        let locale = Locale(identifier: "en_US")
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        var (wholeWindow, handedWindow) = (PriceWindow(since: move.since(now)), PriceWindow(since: move.since(now)))
        var (whole, handed) = (RuleEngine(), RuleEngine())
        var page = Array(symbols.prefix(7))
        var prices = Dictionary(uniqueKeysWithValues: symbols.map { ($0, Decimal(100)) })
        var beyondSeen = 0
        for poll in 0..<300 {
            now += Double(Int.random(in: 20...60, using: &random))
            switch Int.random(in: 0..<8, using: &random) {
            case 0: page.shuffle(using: &random)
            case 1: page = symbols.filter { _ in Bool.random(using: &random) }
            case 2: page.append(symbols[Int.random(in: 0..<symbols.count, using: &random)])
            default: break
            }
            for symbol in symbols { prices[symbol]! += Decimal(Int.random(in: -3...3, using: &random)) }
            let tickers = page.enumerated().map { index, symbol in
                Ticker(
                    id: String(index), symbol: symbol, name: symbol, rank: index + 1, priceUSD: prices[symbol]!,
                    change24h: Decimal(Int.random(in: -6...6, using: &random)) / 2)
            }
            let since = move.since(now)
            let changeReadings = change.readings(tickers, known: [], previous: [:], locale: locale)
            let crossReadings = cross.readings(tickers, locale: locale)
            let expected = whole.evaluate(
                groups: [
                    changeReadings, crossReadings,
                    move.readings(tickers, extremes: wholeWindow.poll(tickers, now: now, since: since), now: now, locale: locale),
                ], now: now)
            var cryptoPoll = CryptoPoll(tickers: tickers, now: now, locale: locale)
            cryptoPoll.change = change
            cryptoPoll.cross = crossReadings
            cryptoPoll.move = (move, handedWindow.poll(tickers, now: now, since: since))
            cryptoPoll.notesBeyondFire = poll % 2 == 0
            var noted: [String] = []
            let decision = handed.evaluate(now: now, expecting: cryptoPoll.expectedReadings) { noted = cryptoPoll.step(into: &$0) }
            #expect(decision.alerts == expected.alerts, "poll \(poll)")
            #expect(decision.changed == expected.changed, "poll \(poll)")
            #expect(decision.notes == expected.notes, "poll \(poll)")
            #expect(handed == whole, "poll \(poll)")
            let beyond = changeReadings.filter { $0.signal == .beyondFire }.map { "\($0.key.subject) \($0.shownValue)" }
            #expect(noted == (cryptoPoll.notesBeyondFire ? beyond : []), "poll \(poll)")
            beyondSeen += beyond.count
            if handed != whole { return }
        }
        // The polls fired: a comparison of silence alone would tell little.
        #expect(beyondSeen > 0)
        #expect(!whole.records.values.allSatisfy { $0.lastNotified == nil })
    }

    /// The keys each reading is stepped under are its coin's own, made anew from its symbol, poll
    /// after poll of a page that reorders, loses and regains coins, lists a symbol twice, in lower
    /// case or not at all as a link: the keys kept from the last poll are never another coin's.
    @Test func eachReadingIsKeyedByItsOwnCoin() {
        var random = SeededGenerator(seed: 5)
        let symbols = ["BTC", "ETH", "eth", "XRP", "SOL", "DOGE", "BAD SYMBOL", "ADA", "DOT", "LTC", ""]
        let (change, move) = (CryptoChangeRule(), CryptoMoveRule())
        let locale = Locale(identifier: "en_US")
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        var window = PriceWindow(since: move.since(now))
        var page = Array(symbols.prefix(7))
        for poll in 0..<400 {
            now += 30
            switch Int.random(in: 0..<6, using: &random) {
            case 0: page.shuffle(using: &random)
            case 1: page = symbols.filter { _ in Bool.random(using: &random) }
            case 2: page.append(symbols[Int.random(in: 0..<symbols.count, using: &random)])
            case 3: page.removeFirst(min(page.count, 2))
            default: break
            }
            let tickers = page.enumerated().map { index, symbol in
                Ticker(id: String(index), symbol: symbol, name: symbol, rank: index + 1, priceUSD: 100, change24h: 1)
            }
            let linked = tickers.compactMap { Ticker.linkSymbol($0.symbol) }
            let changeKeys = change.readings(tickers, known: [], previous: [:], locale: locale).map(\.key.subject)
            #expect(changeKeys == linked.flatMap { [$0 + ":up", $0 + ":down"] }, "poll \(poll): \(page)")
            let extremes = window.poll(tickers, now: now, since: move.since(now))
            let moveKeys = move.readings(tickers, extremes: extremes, now: now, locale: locale).map(\.key.subject)
            #expect(moveKeys == linked.flatMap { [$0 + ":rise", $0 + ":fall"] }, "poll \(poll): \(page)")
        }
    }
}
