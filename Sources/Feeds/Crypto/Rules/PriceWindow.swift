import Foundation

/// crypto_move's stored prices as a daemon keeps them between polls: for each coin, the prices
/// that may yet be its window's low or high, in the page's order. A poll read the whole window
/// from the store and scanned all of it for each coin; here each price is compared a few times
/// in all, when it comes and when it goes.
///
/// The low is the first lowest positive price within the window, and the high the first highest,
/// as `CryptoMoveRule.extremes` finds them in the stored prices: a price is passed over for the
/// low once a later one is lower (it can no longer be the lowest while that one is in the window),
/// so a coin keeps a queue of rising lows and one of falling highs.
public struct PriceWindow: Sendable {
    /// One ticker of a poll as crypto_move reads it: its link symbol (`nil`: it has none, and
    /// the rest is not read), its price's double, and its low and high within the window before
    /// this poll.
    public struct Extremes: Sendable {
        public var symbol: String?
        var approximate = Double.nan
        public var low: CryptoMoveRule.PricePoint?
        public var high: CryptoMoveRule.PricePoint?

        static let unlinked = Extremes(symbol: nil)

        /// As `CryptoMoveRule.extremes` finds them among the stored prices by symbol.
        static func scanning(_ ticker: Ticker, _ history: [String: [CryptoMoveRule.PricePoint]], since: Date, now: Date) -> Extremes {
            guard let symbol = Ticker.linkSymbol(ticker.symbol) else { return .unlinked }
            let (low, high) = CryptoMoveRule.extremes(history[symbol] ?? [], since: since, now: now)
            return Extremes(symbol: symbol, approximate: ExactDecimal.double(ticker.priceUSD), low: low, high: high)
        }
    }

    /// One coin's candidates, oldest first: the lows rising (or equal), the highs falling.
    struct Coin: Sendable {
        let symbol: String
        var lows = Ring()
        var highs = Ring()
        /// When its last price came: a coin gone from the page is forgotten once this leaves.
        var last: Date = .distantPast
        /// The last poll that listed it, and where: a page may list two coins of one symbol, whose
        /// stored prices are one history, and the second reads it as the first did.
        var polled = -1
        var position = 0

        /// Its low and high within the window before `point` (its prices before the window's start
        /// taken out already), then `point` added.
        mutating func poll(_ point: CryptoMoveRule.PricePoint, number: Int, position: Int, pool: inout Pool) -> Extremes {
            (polled, self.position) = (number, position)
            let extremes = Extremes(symbol: symbol, approximate: point.approximate, low: lows.first, high: highs.first)
            add(point, pool: &pool)
            return extremes
        }

        /// A positive price, the only kind that can be a low or a high.
        mutating func add(_ point: CryptoMoveRule.PricePoint, pool: inout Pool) {
            guard point.approximate > 0 || ExactDecimal.isPositive(point.price) else { return }
            lows.add(point, lows: true, pool: &pool)
            highs.add(point, lows: false, pool: &pool)
            last = max(last, point.at)
        }
    }

    private var coins: [Coin] = []
    /// Every coin's candidates, in rings of its own (`Ring`).
    private(set) var pool = Pool()
    /// Each coin's place in `coins`, by symbol.
    private var places: [String: Int] = [:]
    /// From when on it holds every price stored: a window reaching further back needs the store.
    private var holdsSince: Date
    /// The instant of the last prices it holds; a poll before it (the clock set back) needs the store.
    private var latest: Date?
    private var polls = 0

    /// An empty window, holding every price since `since` (none).
    public init(since: Date) {
        holdsSince = since
    }

    /// The prices the store holds at or after `since` (`priceHistory(since:)`), oldest first.
    public init(history: [String: [CryptoMoveRule.PricePoint]], since: Date) {
        holdsSince = since
        // In any order: the first poll puts the coins in the page's.
        for (symbol, points) in history {
            let index = place(of: symbol)
            for point in points where point.at >= since {
                coins[index].add(point, pool: &pool)
                latest = max(latest ?? point.at, point.at)
            }
        }
    }

    /// Whether it can answer a poll at `now` whose window starts at `since`, or the store must.
    public func answers(now: Date, since: Date) -> Bool {
        since >= holdsSince && latest.map { now >= $0 } ?? true
    }

    /// One poll: each ticker's low and high within `since...now` before this poll (empty for a
    /// coin without a link symbol, which crypto_move does not read), then this poll's prices
    /// added at `keptAt`: with a store, `now` as the store gives it back (`Store.storedInstant`),
    /// so that a window read from the store is the one kept. Asks `answers` first.
    public mutating func poll(_ tickers: [Ticker], now: Date, since: Date, keptAt at: Date? = nil) -> [Extremes] {
        precondition(answers(now: now, since: since), "a price window asked for prices it does not hold")
        holdsSince = since
        let at = at ?? now
        var extremes: [Extremes] = []
        extremes.reserveCapacity(tickers.count)
        polls += 1
        // Every coin's prices before the window taken out first, in a pass of its own: each coin
        // that loses its first reads its next from the pool, and a short pass waits on many of
        // those reads at once rather than on one a coin.
        for index in coins.indices {
            coins[index].lows.drop(before: since, pool: pool)
            coins[index].highs.drop(before: since, pool: pool)
        }
        // Every price's double first, in a pass of its own: each is a chain of divisions by ten
        // (`ExactDecimal.double`), and a short pass works on several coins' chains at once.
        let approximates = tickers.map { ExactDecimal.double($0.priceUSD) }
        var inPlace = true
        var place = 0
        for position in tickers.indices {
            let index: Int
            // Nearly every poll lists its coins in the last one's order: each is where it was, and
            // a symbol kept is a link symbol, so one that equals it is its own.
            if place < coins.count, coins[place].symbol == tickers[position].symbol {
                index = place
            } else {
                guard let symbol = Ticker.linkSymbol(tickers[position].symbol) else {
                    extremes.append(.unlinked)
                    continue
                }
                index = place < coins.count && coins[place].symbol == symbol ? place : self.place(of: symbol)
            }
            let point = CryptoMoveRule.PricePoint(at: at, price: tickers[position].priceUSD, approximate: approximates[position])
            if coins[index].polled == polls {
                var again = extremes[coins[index].position]
                again.approximate = point.approximate
                extremes.append(again)
                coins[index].add(point, pool: &pool)
                continue
            }
            // A coin new to the page, listed after the rest, is in its place too.
            if index != place { inPlace = false }
            place += 1
            extremes.append(coins[index].poll(point, number: polls, position: position, pool: &pool))
        }
        latest = at
        // Coins gone from the page are kept after the rest while their prices are in the window.
        if !inPlace || coins[place...].contains(where: { $0.last < since }) {
            reorder(tickers, since: since)
        } else if pool.isLargelyUnused {
            pool.compact(&coins)
        }
        return extremes
    }

    private mutating func place(of symbol: String) -> Int {
        if let index = places[symbol] { return index }
        coins.append(Coin(symbol: symbol))
        places[symbol] = coins.count - 1
        return coins.count - 1
    }

    /// The coins in this poll's order, then those gone from it whose prices are still within the
    /// window; the rest are forgotten.
    private mutating func reorder(_ tickers: [Ticker], since: Date) {
        var seen = Set<String>()
        var ordered: [Coin] = []
        ordered.reserveCapacity(coins.count)
        for ticker in tickers {
            guard let symbol = Ticker.linkSymbol(ticker.symbol), seen.insert(symbol).inserted, let index = places[symbol] else { continue }
            ordered.append(coins[index])
        }
        for coin in coins where !seen.contains(coin.symbol) && coin.last >= since { ordered.append(coin) }
        coins = ordered
        pool.compact(&coins)
        places = Dictionary(uniqueKeysWithValues: coins.indices.map { (coins[$0].symbol, $0) })
    }
}
