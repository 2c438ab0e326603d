import FlyingFox
import Foundation
import Synchronization
import TestSupport
import Testing

// MARK: - The stub API and the clock

/// What happened, in order: requests the server saw and waits the clock was asked for.
final class EventLog: Sendable {
    private let storage = Mutex<[String]>([])
    func record(_ event: String) { storage.withLock { $0.append(event) } }
    var events: [String] { storage.withLock { $0 } }
}

/// CoinLore on the loopback: `/tickers/` serves the real sample for its first 100 coins and
/// made-up coins after them (symbol `S<rank>`, id `1000 + rank`); `/ticker/` serves the
/// id=90 sample, or `[]` when there are no coins.
struct CoinLoreStub {
    let server: LoopbackServer
    let log: EventLog
    let clock: ImmediateClock
    var baseURL: String { server.baseURL + "/api" }

    static func start(
        totalCoins: Int = 13_413, status: HTTPStatusCode = .ok, body: Data? = nil, failFrom: Int? = nil,
        requestTakes: Duration = .zero, secondPageRepeatsLast: Bool = false, duplicateSymbol: (String, String)? = nil
    ) async throws -> CoinLoreStub {
        let page1 = try Samples.data("coinlore_tickers_page1.json")
        let byId = try Samples.data("coinlore_ticker_id90.json")
        let log = EventLog()
        let clock = ImmediateClock { log.record("wait \($0)") }

        let server = try await LoopbackServer.start([
            (
                "GET /api/tickers/",
                { request in
                    let start = Int(request.query["start"] ?? "") ?? 0
                    let limit = Int(request.query["limit"] ?? "") ?? 100
                    log.record("GET \(request.target.path())?\(request.target.query())")
                    clock.advance(by: requestTakes)
                    if let body { return LoopbackServer.json(body, status: status) }
                    if let failFrom, start >= failFrom { return LoopbackServer.json(Data(), status: .serviceUnavailable) }
                    guard status == .ok else { return LoopbackServer.json(Data(#"{"error":"down"}"#.utf8), status: status) }
                    if start == 0, limit == 100, totalCoins >= 100 { return LoopbackServer.json(page1) }
                    var ranks = Array(stride(from: start + 1, through: min(start + limit, totalCoins), by: 1))
                    if secondPageRepeatsLast, start == 100 { ranks = [100] + ranks.dropLast() }
                    let entries = (try JSONSerialization.jsonObject(with: page1) as? [String: Any])?["data"] as? [Any] ?? []
                    let data = ranks.map { entry(rank: $0, sample: entries, duplicateSymbol: duplicateSymbol) }
                    let page: [String: Any] = ["data": data, "info": ["coins_num": totalCoins, "time": 1_733_573_523]]
                    return LoopbackServer.json(try JSONSerialization.data(withJSONObject: page))
                }
            ),
            (
                "GET /api/ticker/",
                { request in
                    log.record("GET \(request.target.path())?\(request.target.query())")
                    if let body { return LoopbackServer.json(body, status: status) }
                    guard status == .ok else { return LoopbackServer.json(Data(), status: status) }
                    return LoopbackServer.json(totalCoins == 0 ? Data("[]".utf8) : byId)
                }
            ),
        ])
        return CoinLoreStub(server: server, log: log, clock: clock)
    }

    private static func entry(rank: Int, sample: [Any], duplicateSymbol: (String, String)?) -> Any {
        if rank <= sample.count { return sample[rank - 1] }
        var symbol = "S\(rank)"
        if let (from, to) = duplicateSymbol, symbol == from { symbol = to }
        return [
            "id": "\(1000 + rank)", "symbol": symbol, "name": "Coin \(rank)", "nameid": "coin-\(rank)",
            "rank": rank, "price_usd": "1.\(rank)", "percent_change_1h": "0.10", "percent_change_24h": "-1.5",
            "percent_change_7d": "3", "market_cap_usd": "\(rank)000.00", "volume24": rank * 10, "msupply": "",
        ]
    }

    func stop() {
        let server = server
        Task { await server.stop() }
    }
}
