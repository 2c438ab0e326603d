import Foundation
import NotifierCore
import NotifierEngine

/// The interactive `open crypto BTC`: one coin, amounts scaled as people read them, a
/// sparkline of its stored prices; refreshed like the list, whose timer and fetch it shares.
package struct CryptoCoinModel: ScreenModel {
    package let symbol: String
    package private(set) var list: CryptoListModel

    package init(symbol: String, list: CryptoListModel) {
        self.symbol = symbol.uppercased()
        self.list = list
    }

    package var ticker: Ticker? { list.tickers.first { $0.symbol.uppercased() == symbol } }

    /// Opened on its own it fetches at once; from the list, the list's timer goes on.
    package mutating func appear() -> [ViewEffect] {
        list.fetching || list.fetchedAt.map { list.now().timeIntervalSince($0) < list.interval } == true ? [] : list.startFetch()
    }

    package static let keys = [KeyHelp(keys: "r", action: "refresh"), KeyHelp(keys: "Backspace", action: "back", inFooter: false)]

    package func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        var title = ticker.map { "\($0.name) (\($0.symbol))  rank \($0.rank)" } ?? symbol
        if list.fetching { title += " · ⟳ fetching" }
        var body: [StyledLine] = [.empty]
        guard let ticker else {
            body.append(StyledLine(list.fetching ? "Fetching…" : "\(symbol) is not among the watched coins.", .dim))
            return ScreenFrame(title: StyledLine(title), body: body, focus: nil, status: status(now: now), keys: Self.keys)
        }
        let before = list.previous[symbol]
        let trend: Span =
            before.map {
                ticker.priceUSD > $0
                    ? Span("  ▲ from $\(Self.plain($0))", .rise) : ticker.priceUSD < $0 ? Span("  ▼ from $\(Self.plain($0))", .fall) : Span("  = unchanged")
            }
            ?? Span("")
        func row(_ label: String, _ spans: [Span]) { body.append(StyledLine([Span(DisplayWidth.padded(label, 13), .bold)] + spans)) }
        row("Price", [Span("$" + Self.plain(ticker.priceUSD)), trend])
        row("1 h", [Span(CryptoChangeRule.percent(ticker.change1h))])
        row("24 h", [Span(CryptoChangeRule.percent(ticker.change24h))])
        row("7 d", [Span(CryptoChangeRule.percent(ticker.change7d))])
        row("Market cap", [Span(Amounts.dollars(ticker.marketCapUSD))])
        row("Volume 24 h", [Span(Amounts.dollars(ticker.volume24USD))])
        row(
            "Supply",
            [
                Span(
                    [ticker.circulatingSupply, ticker.totalSupply, ticker.maxSupply].map {
                        $0.map { Amounts.scaled(NSDecimalNumber(decimal: $0).doubleValue) } ?? "n/a"
                    }
                    .enumerated().map { "\($0.element) \(["circulating", "total", "max"][$0.offset])" }.joined(separator: ", "))
            ])
        let prices = list.history[symbol] ?? []
        row("History", [Span(Sparkline.render(prices, width: max(8, min(60, width - 20)))), Span("  \(prices.count) prices", .dim)])
        if let low = prices.min(), let high = prices.max() {
            row("", [Span("low $\(Self.plain(low))  high $\(Self.plain(high))", .dim)])
        }
        return ScreenFrame(title: StyledLine(title), body: body, focus: nil, status: status(now: now), keys: Self.keys)
    }

    private func status(now: Date) -> StyledLine? {
        list.frame(width: 80, height: 3, now: now).status
    }

    package static func plain(_ price: Decimal) -> String { Amounts.scaled(NSDecimalNumber(decimal: price).doubleValue) }

    package mutating func handle(_ event: ViewEvent) -> [ViewEffect] {
        // Sorting and moving belong to the list; the rest (timer, fetches, r) is shared.
        if case .key(let key) = event, key != .character("r") { return [] }
        return list.handle(event)
    }
}
