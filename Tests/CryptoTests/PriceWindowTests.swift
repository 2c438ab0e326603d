import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem
import Testing

@testable import NotifierCrypto

/// The price window a daemon keeps between polls finds each coin's low and high as the scan of
/// the stored prices does (`CryptoMoveRule.extremes`), whatever the page and the prices do.
@Suite struct PriceWindowTests {
    typealias Point = CryptoMoveRule.PricePoint

    /// Thousands of polls of a page that reorders, loses and regains coins, lists a symbol twice,
    /// in lower case or not at all as a link, with prices that repeat, fall to zero or below, and
    /// differ beyond a double's precision; polls 1 s to 2 min apart against a 5 min window.
    @Test func findsWhatTheScanOfTheStoredPricesFinds() {
        var random = SeededGenerator(seed: 7)
        let symbols = ["BTC", "ETH", "eth", "XRP", "SOL", "DOGE", "BAD SYMBOL", "ADA", "DOT", "LTC"]
        let prices: [Decimal] = [
            100, 100, 101, 99, 0, -1, Decimal(string: "100.00000000000000000001")!, Decimal(string: "99.99999999999999999999")!, 250, 1,
        ]
        var stored: [String: [Point]] = [:]
        let window: TimeInterval = 300
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        var kept = PriceWindow(since: now.addingTimeInterval(-window))
        var page = Array(symbols.prefix(6))
        var compared = 0
        for poll in 0..<3000 {
            now = now.addingTimeInterval(Double(Int.random(in: 1...120, using: &random)))
            if poll % 17 == 0 { page.shuffle(using: &random) }
            if poll % 23 == 0 { page = Array(symbols.shuffled(using: &random).prefix(Int.random(in: 0...symbols.count, using: &random))) }
            if poll % 29 == 0, let twice = page.randomElement(using: &random) { page.append(twice) }
            let tickers = page.enumerated().map { index, symbol in
                Ticker(id: "\(index)", symbol: symbol, name: symbol, rank: index + 1, priceUSD: prices.randomElement(using: &random)!)
            }
            let since = now.addingTimeInterval(-window)
            let found = kept.poll(tickers, now: now, since: since)
            for (ticker, extremes) in zip(tickers, found) {
                guard let symbol = Ticker.linkSymbol(ticker.symbol) else {
                    #expect(extremes.low == nil && extremes.high == nil)
                    continue
                }
                let scanned = CryptoMoveRule.extremes(stored[symbol] ?? [], since: since, now: now)
                #expect(extremes.low == scanned.low, "poll \(poll), \(symbol)")
                #expect(extremes.high == scanned.high, "poll \(poll), \(symbol)")
                compared += 1
            }
            // As the store keeps them: every price, under the symbol in capitals.
            for ticker in tickers { stored[ticker.symbol.uppercased(), default: []].append(Point(at: now, price: ticker.priceUSD)) }
        }
        #expect(compared > 10_000)
    }

    /// Hundreds of coins in a page that keeps its order, half of them rising poll after poll so
    /// that their lows pile up and outgrow their slots again and again, until most of the pool is
    /// slots given up and it is compacted: the lows and highs are still the scan's.
    @Test func findsWhatTheScanFindsAsItsQueuesGrowAndThePoolIsCompacted() {
        var random = SeededGenerator(seed: 13)
        let symbols = (0..<400).map { "C\($0)" }
        var stored: [String: [Point]] = [:]
        let window: TimeInterval = 900
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        var kept = PriceWindow(since: now.addingTimeInterval(-window))
        var compacted = false
        for poll in 0..<120 {
            now = now.addingTimeInterval(Double(Int.random(in: 5...15, using: &random)))
            let tickers = symbols.enumerated().map { index, symbol in
                let rising = index % 2 == 0 ? poll * 10 : Int.random(in: -50...50, using: &random)
                return Ticker(id: "\(index)", symbol: symbol, name: symbol, rank: index + 1, priceUSD: Decimal(10_000 + rising))
            }
            let before = kept.pool.points.count
            let since = now.addingTimeInterval(-window)
            let found = kept.poll(tickers, now: now, since: since)
            if kept.pool.points.count < before { compacted = true }
            for (ticker, extremes) in zip(tickers, found) {
                let scanned = CryptoMoveRule.extremes(stored[ticker.symbol] ?? [], since: since, now: now)
                #expect(extremes.low == scanned.low && extremes.high == scanned.high, "poll \(poll), \(ticker.symbol)")
            }
            for ticker in tickers { stored[ticker.symbol, default: []].append(Point(at: now, price: ticker.priceUSD)) }
        }
        #expect(compacted)
    }

    /// A window that must reach further back than it holds, or a clock set back before its last
    /// prices, sends the poll to the store; read from the store, it holds what it kept.
    @Test func asksForTheStoreWhereItCannotAnswer() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var kept = PriceWindow(since: start.addingTimeInterval(-900))
        var stored: [String: [Point]] = [:]
        for minute in 0..<20 {
            let now = start.addingTimeInterval(Double(minute * 60))
            let ticker = Ticker(id: "90", symbol: "BTC", name: "Bitcoin", rank: 1, priceUSD: Decimal(100 + minute % 7))
            _ = kept.poll([ticker], now: now, since: now.addingTimeInterval(-900))
            stored["BTC", default: []].append(Point(at: now, price: ticker.priceUSD))
        }
        let now = start.addingTimeInterval(20 * 60)
        #expect(kept.answers(now: now, since: now.addingTimeInterval(-900)))
        #expect(!kept.answers(now: now, since: now.addingTimeInterval(-1800)), "a longer window")
        #expect(!kept.answers(now: start.addingTimeInterval(60), since: start.addingTimeInterval(-840)), "the clock set back")
        var read = PriceWindow(history: stored, since: now.addingTimeInterval(-900))
        let ticker = Ticker(id: "90", symbol: "BTC", name: "Bitcoin", rank: 1, priceUSD: 100)
        let fromStore = read.poll([ticker], now: now, since: now.addingTimeInterval(-900))
        let fromMemory = kept.poll([ticker], now: now, since: now.addingTimeInterval(-900))
        #expect(fromStore[0].low == fromMemory[0].low && fromStore[0].high == fromMemory[0].high)
        #expect(fromStore[0].low?.price == 100 && fromStore[0].high?.price == 106)
    }

    /// The daemon's poller against the store it writes, poll after poll, at instants between
    /// milliseconds: the same lows and highs as the prices read back from the store each poll,
    /// and again after a restart, a longer window and the clock set back.
    @Test func thePollersWindowIsTheStoresWindow() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-price-window-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Store(path: folder.appendingPathComponent("store.sqlite").path, migrations: StoreMigration.crypto)
        let logger = Logger(label: "test")
        func poller() -> CryptoPoller { CryptoPoller(config: Config(), http: HTTPClient(), clock: ContinuousClock()) }
        var daemon = poller()
        var random = SeededGenerator(seed: 11)
        var now = Date(timeIntervalSince1970: 1_800_000_000.0004)
        var window: TimeInterval = 600
        for poll in 0..<120 {
            now = now.addingTimeInterval(Double.random(in: 20...40, using: &random))
            if poll == 40 { daemon = poller() }
            if poll == 60 { window = 1200 }
            if poll == 80 { now = now.addingTimeInterval(-400) }
            let tickers = ["BTC", "ETH", "SOL"].enumerated().map { index, symbol in
                Ticker(id: "\(index)", symbol: symbol, name: symbol, rank: index + 1, priceUSD: Decimal(Int.random(in: 95...105, using: &random)))
            }
            let since = now.addingTimeInterval(-window)
            let history = try store.priceHistory(since: since)
            let found = await daemon.moveExtremes(tickers, now: now, since: since, store: store, logger: logger)
            for (ticker, extremes) in zip(tickers, found) {
                let scanned = CryptoMoveRule.extremes(history[ticker.symbol] ?? [], since: since, now: now)
                #expect(extremes.low?.price == scanned.low?.price && extremes.high?.price == scanned.high?.price, "poll \(poll)")
                #expect(extremes.low?.at == scanned.low?.at && extremes.high?.at == scanned.high?.at, "poll \(poll)")
            }
            try store.appendPrices(tickers, at: now)
        }
    }
}
