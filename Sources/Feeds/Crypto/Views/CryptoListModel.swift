import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The interactive `list crypto`: refreshed every `feeds.crypto.interval`, rises and falls
/// marked against the previous fetch, sort keys, and on an error a paused timer, the cause
/// and `r` to retry; the timer resumes after the next good fetch.
package struct CryptoListModel: ScreenModel {
    package enum Sort: String, CaseIterable, Sendable { case rank, name, price, change1h, change24h }
    package enum Fetched: Sendable {
        /// A poll's coins; `told`: its alerts that had no desktop to go to, shown here.
        case tickers([Ticker], at: Date, told: [String] = [])
        case failed(String)
    }
    package typealias Fetch = @Sendable () async -> Fetched

    package let interval: TimeInterval
    package let fetch: Fetch
    package private(set) var tickers: [Ticker]
    package private(set) var fetchedAt: Date?
    /// Prices of the fetch before the last, by symbol: what ▲ and ▼ compare with.
    package private(set) var previous: [String: Decimal]
    package var sort: Sort
    package private(set) var fetching = false
    package private(set) var error: String?
    /// When the timer fires next; nil while paused (after an error) or fetching.
    package private(set) var nextFetch: Date?
    package private(set) var selected = 0
    /// Stored prices by symbol, oldest first, with each good fetch added: the sparklines.
    package private(set) var history: [String: [Decimal]]
    /// The last poll's alerts that had no desktop to go to (no notification server).
    package private(set) var told: [String] = []
    /// The coins of the notification that led here (a group of crypto alerts), marked ◉.
    package var marked: (symbols: Set<String>, note: String)?
    /// The time the last fetch's age is counted to.
    package let now: @Sendable () -> Date

    package init(
        tickers: [Ticker], fetchedAt: Date?, previous: [String: Decimal], history: [String: [Decimal]] = [:], sort: Sort = .rank,
        interval: TimeInterval, now: @escaping @Sendable () -> Date, fetch: @escaping Fetch
    ) {
        self.now = now
        self.tickers = tickers
        self.history = history
        self.fetchedAt = fetchedAt
        self.previous = previous
        self.sort = sort
        self.interval = interval
        self.fetch = fetch
    }

    package var sorted: [Ticker] {
        func change(_ value: Decimal?) -> Decimal { value ?? -.greatestFiniteMagnitude }
        switch sort {
        case .rank: return tickers.sorted { $0.rank < $1.rank }
        case .name: return tickers.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
        case .price: return tickers.sorted { $0.priceUSD > $1.priceUSD }
        case .change1h: return tickers.sorted { change($0.change1h) > change($1.change1h) }
        case .change24h: return tickers.sorted { change($0.change24h) > change($1.change24h) }
        }
    }

    package mutating func appear() -> [ViewEffect] { startFetch() }

    package static let keys = [
        KeyHelp(keys: "↑↓", action: "move"), KeyHelp(keys: "Enter", action: "coin"), KeyHelp(keys: "s", action: "sort"),
        KeyHelp(keys: "r", action: "refresh"),
        KeyHelp(keys: "n p 1 2 0", action: "sort by name, price, 1 h, 24 h, rank", inFooter: false),
    ]

    package func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        var title = "Crypto — \(tickers.count) coin\(tickers.count == 1 ? "" : "s") · sorted by \(sort.label)"
        if let fetchedAt { title += " · fetched \(Elapsed.short(from: fetchedAt, to: now)) ago" }
        if fetching { title += " · ⟳ fetching" }
        // 7 d and the market cap only where there is room: 80 columns hold the rest.
        let wide = width >= 100
        let medium = width >= 88
        var header = "   Rank  Symbol  Name                  Price (USD)        1 h      24 h"
        if medium { header += "       7 d" }
        if wide { header += "   Market cap" }
        var body: [StyledLine] = [StyledLine(header, .bold)]
        if tickers.isEmpty {
            body.append(.empty)
            body.append(StyledLine(fetching ? "  Fetching the coins…" : "  No coins in the answer: nothing to show yet.", .dim))
        }
        for (index, ticker) in sorted.enumerated() {
            let before = previous[ticker.symbol.uppercased()]
            let (mark, emphasis): (String, Emphasis) =
                before.map { ticker.priceUSD > $0 ? ("▲", .rise) : ticker.priceUSD < $0 ? ("▼", .fall) : ("=", .plain) } ?? (" ", .plain)
            let changes = [ticker.change1h, ticker.change24h] + (medium ? [ticker.change7d] : [])
            var spans = [
                Span(
                    (index == selected ? "›" : " ") + (isMarked(ticker) ? "◉" : " ") + DisplayWidth.rightAligned(String(ticker.rank), 5) + "  "
                        + DisplayWidth.padded(ticker.symbol, 6) + "  "
                        + DisplayWidth.padded(ticker.name, 18) + " "),
                Span(DisplayWidth.rightAligned("$" + Amounts.scaled(NSDecimalNumber(decimal: ticker.priceUSD).doubleValue), 14) + " " + mark, emphasis),
                Span(" " + changes.map { DisplayWidth.rightAligned(CryptoChangeRule.percent($0), 9) }.joined(separator: " ")),
            ]
            if wide { spans.append(Span("  " + DisplayWidth.rightAligned(Amounts.dollars(ticker.marketCapUSD), 11), .dim)) }
            var line = StyledLine(spans)
            if index == selected { line = line.emphasised(.selected) }
            body.append(line)
        }
        if let marked, tickers.contains(where: isMarked) {
            body.append(.empty)
            body.append(StyledLine("  ◉ \(marked.note)", .dim))
        }
        if !told.isEmpty {
            body.append(.empty)
            for line in told.suffix(3) { body.append(StyledLine("  ⚑ \(line)", .bold)) }
        }
        var status: StyledLine?
        if let error {
            status = StyledLine([Span("Refresh paused: \(error)", .warning), Span("  r retries", .bold)])
        } else if let nextFetch, !fetching {
            status = StyledLine("Next refresh in \(max(0, Int(nextFetch.timeIntervalSince(now).rounded(.up)))) s (every \(Int(interval)) s)", .dim)
        }
        return ScreenFrame(title: StyledLine(title), body: body, focus: tickers.isEmpty ? nil : selected + 1, status: status, keys: Self.keys)
    }

    private func isMarked(_ ticker: Ticker) -> Bool {
        marked?.symbols.contains(ticker.symbol.uppercased()) ?? false
    }

    package mutating func handle(_ event: ViewEvent) -> [ViewEffect] {
        switch event {
        case .tick(let now):
            if !fetching, error == nil, let nextFetch, now >= nextFetch { return startFetch() }
        case .key(.character("r")):
            if !fetching { return startFetch() }
        case .key(.up), .key(.character("k")): selected = max(0, selected - 1)
        case .key(.down), .key(.character("j")): selected = min(max(0, tickers.count - 1), selected + 1)
        case .key(.character("s")): sort = Sort.allCases[(Sort.allCases.firstIndex(of: sort)! + 1) % Sort.allCases.count]
        case .key(.character("n")): sort = .name
        case .key(.character("p")): sort = .price
        case .key(.character("1")): sort = .change1h
        case .key(.character("2")): sort = .change24h
        case .key(.character("0")): sort = .rank
        case .key(.enter):
            let coins = sorted
            guard selected < coins.count else { return [] }
            return [.push(CryptoCoinModel(symbol: coins[selected].symbol, list: self))]
        case .finished(name: "crypto", let result as Fetched):
            fetching = false
            switch result {
            case .tickers(let fresh, let at, let told):
                // The round may answer with the poll already shown (it polled moments ago):
                // the next ask is an interval from now, not from that poll.
                let again = at == fetchedAt
                if !again {
                    previous = Dictionary(tickers.map { ($0.symbol.uppercased(), $0.priceUSD) }) { first, _ in first }
                    tickers = fresh
                    fetchedAt = at
                    for ticker in fresh { history[ticker.symbol.uppercased(), default: []].append(ticker.priceUSD) }
                }
                self.told = told
                error = nil
                nextFetch = (again ? now() : at).addingTimeInterval(interval)
                selected = min(selected, max(0, fresh.count - 1))
            case .failed(let cause):
                error = cause
                nextFetch = nil
            }
        default: break
        }
        return []
    }

    /// Marks the fetch as under way; its answer comes back as `.finished("crypto", …)`.
    package mutating func startFetch() -> [ViewEffect] {
        fetching = true
        nextFetch = nil
        let fetch = fetch
        return [.start(ViewTask(name: "crypto") { await fetch() })]
    }
}

extension CryptoListModel.Sort {
    package var label: String {
        switch self {
        case .rank: "rank"
        case .name: "name"
        case .price: "price"
        case .change1h: "1 h"
        case .change24h: "24 h"
        }
    }
}
