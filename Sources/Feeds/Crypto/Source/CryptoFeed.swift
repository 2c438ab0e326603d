import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Coin prices from CoinLore: no key; at most 100 tickers a call; about one request a second
/// asked, so the requests one call makes start at least `spacing` apart, timed by the injected
/// clock.
public struct CryptoFeed: Sendable {
    public static let name = "crypto"
    public static let defaultBaseURL = "https://api.coinlore.net/api"
    /// CoinLore's most tickers per `/tickers/` call.
    public static let pageSize = 100
    /// How far `resolve` looks for the requested symbols: the top 500 coins.
    public static let maxSymbolPages = 5
    static let spacing = Duration.seconds(1)

    public let http: HTTPClient
    /// Without a trailing slash.
    public let baseURL: String
    private let clock: any Clock<Duration>

    public init(http: HTTPClient, baseURL: String = CryptoFeed.defaultBaseURL, clock: any Clock<Duration> = ContinuousClock()) {
        self.http = http
        var base = Substring(baseURL)
        while base.hasSuffix("/") { base = base.dropLast() }
        self.baseURL = String(base)
        self.clock = clock
    }

    /// The top `limit` coins by rank, paging through `/tickers/` 100 at a time.
    public func topTickers(limit: Int) async throws(FeedError) -> [Ticker] {
        guard limit > 0 else { return [] }
        var pacer = Pacer(clock: clock)
        var collected = Collected()
        var start = 0
        while start < limit {
            let count = min(Self.pageSize, limit - start)
            let page = try await fetchPage(start: start, limit: count, pacer: &pacer)
            collected.add(page.tickers)
            start += count
            if page.entries < count { break } // the end of CoinLore's list
        }
        guard !collected.tickers.isEmpty else { throw noTickers(url: pageURL(start: 0, limit: min(Self.pageSize, limit))) }
        return Array(collected.tickers.prefix(limit))
    }

    /// The coins with these CoinLore ids, in one `/ticker/?id=` request. Ids that are not
    /// ASCII digits are dropped, so nothing else ever reaches the URL; with none left, no
    /// request is made.
    public func tickers(ids: [String]) async throws(FeedError) -> [Ticker] {
        try await tickersReporting(ids: ids).tickers
    }

    /// The same, with the coins left out for an implausible price (see `TickerPlausibility`).
    public func tickersReporting(ids: [String]) async throws(FeedError) -> (tickers: [Ticker], implausible: [String]) {
        var seen = Set<String>()
        let valid = ids.filter { id in
            !id.isEmpty && id.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } && seen.insert(id).inserted
        }
        guard !valid.isEmpty else { return ([], []) }
        let url = "\(baseURL)/ticker/?id=\(valid.joined(separator: ","))"
        let body = try await http.send(.get(url), feed: Self.name).body
        do {
            return try CoinLoreDecoder.decodeTickersReporting(body)
        } catch {
            throw .decoding(context(url), detail: error.description)
        }
    }

    /// The watched coins: the top `top` by rank and every coin whose symbol was asked for
    /// (case-insensitive; the best-ranked coin where several share a symbol), ordered by rank.
    /// Pages through `/tickers/` until all are found, at most `maxSymbolPages` pages (more when
    /// `top` needs them); symbols not found are left out, for the caller to report.
    public func resolve(symbols: [String], top: Int) async throws(FeedError) -> [Ticker] {
        try await resolveReporting(symbols: symbols, top: top).tickers
    }

    /// The same, with the coins left out for an implausible price, so that a symbol missing
    /// for that reason is not reported as unknown.
    public func resolveReporting(symbols: [String], top: Int) async throws(FeedError) -> (tickers: [Ticker], implausible: [String]) {
        let top = max(0, top)
        var wanted = Set(symbols.map { $0.trimmingCharacters(in: .whitespaces).uppercased() }.filter { !$0.isEmpty })
        guard top > 0 || !wanted.isEmpty else { return ([], []) }
        var implausible: [String] = []
        let maxPages = max(Self.maxSymbolPages, (top + Self.pageSize - 1) / Self.pageSize)
        var pacer = Pacer(clock: clock)
        var all = Collected()
        var chosen = Collected()
        var start = 0
        var firstURL: String?
        for _ in 0..<maxPages {
            guard start < top || !wanted.isEmpty else { break }
            let count = wanted.isEmpty ? min(Self.pageSize, top - start) : Self.pageSize
            firstURL = firstURL ?? pageURL(start: start, limit: count)
            let page = try await fetchPage(start: start, limit: count, pacer: &pacer)
            implausible += page.implausible
            for ticker in page.tickers where all.add(ticker) {
                let asked = wanted.remove(ticker.symbol.uppercased()) != nil
                if asked || all.tickers.count <= top { chosen.add(ticker) }
            }
            start += count
            if page.entries < count { break } // the end of CoinLore's list
        }
        guard !all.tickers.isEmpty else { throw noTickers(url: firstURL ?? pageURL(start: 0, limit: Self.pageSize), implausible: implausible) }
        return (chosen.tickers, implausible)
    }

    // MARK: - Requests

    private func pageURL(start: Int, limit: Int) -> String {
        "\(baseURL)/tickers/?start=\(start)&limit=\(limit)"
    }

    private func fetchPage(start: Int, limit: Int, pacer: inout Pacer) async throws(FeedError) -> (tickers: [Ticker], entries: Int, implausible: [String]) {
        let url = pageURL(start: start, limit: limit)
        do {
            try await pacer.waitTurn()
        } catch {
            throw .cancelled(context(url))
        }
        let body = try await http.send(.get(url), feed: Self.name).body
        do {
            return try CoinLoreDecoder.decodePage(body)
        } catch {
            throw .decoding(context(url), detail: error.description)
        }
    }

    private func context(_ url: String) -> RequestContext {
        RequestContext(feed: Self.name, method: "GET", url: url)
    }

    private func noTickers(url: String, implausible: [String] = []) -> FeedError {
        .decoding(context(url), detail: implausible.isEmpty ? CoinLoreDecoder.DecodeError.noTickers.description : implausible.joined(separator: "; "))
    }
}

/// Tickers in the order first seen, each id once: ranks shift between two page requests, so a
/// coin can appear on both.
private struct Collected {
    private(set) var tickers: [Ticker] = []
    private var ids = Set<String>()

    @discardableResult
    mutating func add(_ ticker: Ticker) -> Bool {
        guard ids.insert(ticker.id).inserted else { return false }
        tickers.append(ticker)
        return true
    }

    mutating func add(_ more: [Ticker]) {
        for ticker in more { add(ticker) }
    }
}

/// Keeps the starts of one call's requests at least `CryptoFeed.spacing` apart.
private struct Pacer {
    let clock: any Clock<Duration>
    private var lastStart: (any InstantProtocol<Duration>)?

    init(clock: any Clock<Duration>) { self.clock = clock }

    /// Returns when the next request may start; throws only when the task is cancelled.
    mutating func waitTurn() async throws {
        let clock = self.clock
        if let lastStart {
            try await pace(on: clock, after: lastStart)
        }
        lastStart = clock.now
    }
}

/// Sleeps until `spacing` after `start`, on the clock `start` came from.
private func pace<C: Clock>(on clock: C, after start: any InstantProtocol<Duration>) async throws where C.Duration == Duration {
    guard let start = start as? C.Instant else {
        try await clock.sleep(for: CryptoFeed.spacing)
        return
    }
    try await clock.sleep(until: start.advanced(by: CryptoFeed.spacing), tolerance: nil)
}
