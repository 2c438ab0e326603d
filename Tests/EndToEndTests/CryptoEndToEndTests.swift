import FlyingFox
import Foundation
import TestSupport
import Testing

/// `notifier --once` against a loopback CoinLore serving the captured page and variants of it.
@Suite(.serialized, .sharingTheMachine) struct CryptoEndToEndTests {
    /// What the server answers next; tests change it between runs.
    actor Script {
        var status: HTTPStatusCode = .ok
        var body = Data()
        func set(_ body: Data, status: HTTPStatusCode = .ok) {
            self.body = body
            self.status = status
        }
        func response() -> (Data, HTTPStatusCode) { (body, status) }
    }

    /// A loopback CoinLore answering whatever the script holds: the page, and the coins of it
    /// asked for by id (`/api/ticker/?id=…`, a poll after the first).
    static func serve(_ script: Script) async throws -> LoopbackServer {
        try await LoopbackServer.start([
            (
                "GET /api/tickers",
                { _ in
                    let (body, status) = await script.response()
                    return LoopbackServer.json(body, status: status)
                }
            ),
            (
                "GET /api/ticker",
                { request in
                    let (body, status) = await script.response()
                    let wanted = Set((request.query["id"] ?? "").split(separator: ",").map(String.init))
                    guard status == .ok, let page = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                        let coins = page["data"] as? [[String: Any]],
                        let picked = try? JSONSerialization.data(withJSONObject: coins.filter { wanted.contains("\($0["id"] ?? "")") })
                    else { return LoopbackServer.json(body, status: status) }
                    return LoopbackServer.json(picked)
                }
            ),
        ])
    }

    /// BTC crossing $100,000 is the only rule that can fire.
    static func crossingConfig(_ server: LoopbackServer) -> String {
        """
        [feeds.crypto]
        base_url = "\(server.baseURL)/api"
        symbols = []
        top = 0
        [rules.crypto_change]
        enabled = false
        [rules.crypto_cross]
        levels = ["BTC > 100000"]
        [rules.launch_country]
        enabled = false
        """
    }

    /// The sample page with some coins' 24 h change or price replaced.
    static func page(changes: [String: String] = [:], prices: [String: String] = [:]) throws -> Data {
        var json = try #require(try JSONSerialization.jsonObject(with: Samples.data("coinlore_tickers_page1.json")) as? [String: Any])
        var tickers = try #require(json["data"] as? [[String: Any]])
        for index in tickers.indices {
            if let symbol = tickers[index]["symbol"] as? String, let change = changes[symbol] {
                tickers[index]["percent_change_24h"] = change
            }
            if let symbol = tickers[index]["symbol"] as? String, let price = prices[symbol] {
                tickers[index]["price_usd"] = price
            }
        }
        json["data"] = tickers
        return try JSONSerialization.data(withJSONObject: json)
    }

    @Test func aPriceCrossingNotifiesOnTheCrossingOnly() async throws {
        let script = Script()
        await script.set(try Self.page(prices: ["BTC": "99000.10"]))
        let server = try await Self.serve(script)
        let sandbox = try Sandbox(config: Self.crossingConfig(server))
        var outputs: [String] = []
        for price in ["99000.10", "100000.5", "100400", "99000", "100001"] {
            await script.set(try Self.page(prices: ["BTC": price]))
            let result = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(result.stdout)
        }
        #expect(outputs.map { $0.isEmpty } == [true, false, true, true, false], "\(outputs)")
        #expect(outputs[1].contains("\"title\":\"BTC rose above $100,000\""), "\(outputs[1])")
        await server.stop()
    }

    @Test func aMoveWithinTheWindowComesFromStoredPrices() async throws {
        let script = Script()
        let server = try await Self.serve(script)
        let sandbox = try Sandbox(
            config: """
                [feeds.crypto]
                base_url = "\(server.baseURL)/api"
                top = 5
                [rules.crypto_change]
                enabled = false
                [rules.launch_country]
                enabled = false
                """)
        var outputs: [String] = []
        for price in ["100000", "101000", "103500", "103600"] {
            await script.set(try Self.page(prices: ["BTC": price]))
            let result = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(result.stdout)
        }
        #expect(outputs.map { $0.isEmpty } == [true, true, false, true], "\(outputs)")
        #expect(outputs[2].contains("\"title\":\"BTC +3.5 % in 1 min ▲\""), "\(outputs[2])")
        #expect(outputs[2].contains("Bitcoin: $100,000 → $103,500"))
        let list = try await ProcessRunner.notifier(["list", "crypto", "--limit", "1"], environment: sandbox.environment())
        #expect(list.stdout.contains("BTC     Bitcoin                      103600 ▲"), "the trend since the poll before: \(list.stdout)")
        let view = try await ProcessRunner.notifier(["open", "crypto", "BTC"], environment: sandbox.environment())
        #expect(view.stdout.contains("▲ from $103,500"), "\(view.stdout)")
        #expect(view.stdout.contains("▁▃██ (4 polls, 24 h)"), "a sparkline of the stored prices: \(view.stdout)")
        await server.stop()
    }

    @Test func anEmptyListSaysSo() async throws {
        let result = try await ProcessRunner.notifier(["list", "crypto"], environment: Sandbox().environment())
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("No crypto data yet"))
    }

    @Test func movesNotifyOnceAndFailuresNever() async throws {
        let script = Script()
        await script.set(try Self.page())
        let server = try await Self.serve(script)
        let sandbox = try Sandbox(
            config: """
                [feeds.crypto]
                base_url = "\(server.baseURL)/api"
                [rules.launch_country]
                enabled = false
                """)
        func once() async throws -> ProcessResult {
            try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
        }

        let dry = try await ProcessRunner.notifier(["--once", "--dry-run"], environment: sandbox.environment())
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("beyond: XRP:up +5.5 %, LINK:up +5.9 %"), "\(dry.stdout)")
        #expect(dry.stdout.contains("because LINK 24h change +5.9 % reached +5 % (fired)"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeFile.path), "a dry run stores nothing")

        // The sample itself has XRP +5.50 % and LINK +5.90 % in the top 20: one grouped alert.
        let first = try await once()
        #expect(first.status == 0, "\(first.stderr)")
        let lines = first.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(first.stdout)")
        #expect(first.stdout.contains("2 coins moved: ") && first.stdout.contains("LINK +5.9 %") && first.stdout.contains("XRP +5.5 %"), "\(first.stdout)")

        #expect(first.stdout.contains("\"deep_link\":\"notifier list crypto\""), "a group opens the list view")
        let list = try await ProcessRunner.notifier(["list", "crypto", "--limit", "3"], environment: sandbox.environment())
        #expect(list.status == 0)
        #expect(list.stdout.contains("   1  BTC     Bitcoin"), "\(list.stdout)")
        #expect(list.stdout.split(separator: "\n").count == 5, "header, 3 coins, source: \(list.stdout)")

        let view = try await ProcessRunner.notifier(["open", "crypto", "btc"], environment: sandbox.environment())
        #expect(view.status == 0, "\(view.stderr)")
        #expect(view.stdout.hasPrefix("Bitcoin (BTC)  rank 1"), "\(view.stdout)")
        #expect(view.stdout.contains("24 h        +1.2 %") || view.stdout.contains("24 h        +1.3 %"), "\(view.stdout)")
        #expect(view.stdout.contains("Supply      "), "\(view.stdout)")
        #expect(view.stdout.contains("(1 polls, 24 h)"), "\(view.stdout)")
        let unknownCoin = try await ProcessRunner.notifier(["open", "crypto", "BTX"], environment: sandbox.environment())
        #expect(unknownCoin.status == 2 && unknownCoin.stderr.contains("unknown coin 'BTX'; did you mean BTC"), "\(unknownCoin.stderr)")
        let hostile = try await ProcessRunner.notifier(["open", "crypto", "$(id)"], environment: sandbox.environment())
        #expect(hostile.status == 2 && hostile.stderr.contains("not a coin symbol"))

        let same = try await once()
        #expect(same.status == 0)
        #expect(same.stdout.isEmpty, "no repeat for the same move: \(same.stdout)")

        await script.set(try Self.page(changes: ["BTC": "7.20"]))
        let btc = try await once()
        let alert = try #require(try JSONSerialization.jsonObject(with: Data(btc.stdout.utf8)) as? [String: String])
        #expect(alert["title"] == "BTC +7.2 % in 24h ▲")
        #expect(alert["deep_link"] == "notifier open crypto BTC")
        #expect(alert["body"]?.hasPrefix("Bitcoin: $") == true)

        for (body, status) in [
            (Data("oops".utf8), HTTPStatusCode.internalServerError),
            (Data(#"{"data":[],"info":{"coins_num":0}}"#.utf8), .ok),
            (Data("{\"data\":[{\"id\":\"90\",".utf8), .ok),
        ] {
            await script.set(body, status: status)
            let failed = try await once()
            #expect(failed.status == 1, "every polled feed failed")
            #expect(failed.stdout.isEmpty, "no alert from bad data: \(failed.stdout)")
            #expect(failed.stderr.contains("crypto feed: GET \(server.baseURL)/api/tickers/"), "\(failed.stderr)")
        }
        let unknown = try await ProcessRunner.notifier(["rules"], environment: sandbox.environment())
        #expect(unknown.stdout.contains("  unknown: crypto feed: GET"), "\(unknown.stdout)")

        // Healed, with the same values as before the failures: nothing new to say.
        await script.set(try Self.page(changes: ["BTC": "7.20"]))
        let healed = try await once()
        #expect(healed.status == 0)
        #expect(healed.stdout.isEmpty, "\(healed.stdout)")

        let history = try await ProcessRunner.notifier(["history", "--json"], environment: sandbox.environment())
        let delivered = history.stdout.split(separator: "\n")
        #expect(delivered.count == 2)
        #expect(delivered.first?.contains("\"reason\":\"BTC 24h change +7.2 % reached +5 % (fired)\"") == true, "\(history.stdout)")

        let rules = try await ProcessRunner.notifier(["rules"], environment: sandbox.environment())
        #expect(rules.stdout.contains("BTC:up  firing"), "\(rules.stdout)")
        await server.stop()
    }
}
