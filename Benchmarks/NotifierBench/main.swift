import Foundation
import NotifierCountries
import NotifierCrypto
import NotifierEngine
import NotifierForecast

// The in-process figures (decoding, rule evaluation), for `scripts/bench`: each is
// the median of many timed runs after a warm-up, in release mode. Prints one tab-separated row
// per figure: figure, measured, target, ratio to the target, ok or MISSED.
// Usage: NotifierBench [SAMPLES_DIR]; NOTIFIER_BENCH_ONLY=WORD runs just the figures naming WORD
// (for a profiler: valgrind --tool=callgrind, perf record).

let samples = URL(
    fileURLWithPath: CommandLine.arguments.dropFirst().first
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures").path)

let only = ProcessInfo.processInfo.environment["NOTIFIER_BENCH_ONLY"]
func wanted(_ figure: String) -> Bool { only.map { figure.localizedCaseInsensitiveContains($0) } ?? true }

/// The median of `iterations` timed runs of `body`, after `warmup` untimed ones; `between` runs
/// untimed after each timed run.
func median(warmup: Int = 5, iterations: Int, between: () -> Void = {}, _ body: () throws -> Void) rethrows -> Duration {
    for _ in 0..<warmup { try body() }
    let clock = ContinuousClock()
    var times: [Duration] = []
    times.reserveCapacity(iterations)
    for _ in 0..<iterations {
        times.append(try clock.measure(body))
        between()
    }
    return times.sorted()[iterations / 2]
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func row(_ figure: String, measured: String, milliseconds value: Double, target: Double, baseline: String = "") {
    let ratio = value / target
    print(
        [figure, measured, "≤ \(target.formatted()) ms" + baseline, String(format: "%.2f×", ratio), ratio <= 1 ? "ok" : "MISSED"]
            .joined(separator: "\t"))
}

// MARK: - Decoding

/// One decoder over one captured response. The Open-Meteo forecast decoder is added here as one
/// more entry once it exists: ("Open-Meteo 7-day hourly", "openmeteo_forecast_hourly_daily_current_2025.json", 2) { … }.
struct DecodeCase {
    let figure: String
    let sample: String
    let targetMilliseconds: Double
    let decode: (Data) throws -> Int
}

let decodeCases = [
    DecodeCase(figure: "decode CoinLore page of 100", sample: "coinlore_tickers_page1.json", targetMilliseconds: 1) {
        try CoinLoreDecoder.decodeTickersPage($0).count
    },
    DecodeCase(figure: "decode REST Countries 250 (v3.1)", sample: "restcountries_v3.1_all_full.json", targetMilliseconds: 10) {
        try RESTCountriesDecoder.decodeV3($0).count
    },
    DecodeCase(figure: "decode Open-Meteo 7-day hourly", sample: "openmeteo_forecast_hourly_daily_current_2025.json", targetMilliseconds: 2) {
        try OpenMeteoDecoder.decodeForecast($0, place: "Melbourne").days.count
    },
]

for test in decodeCases where wanted(test.figure) {
    let data = try Data(contentsOf: samples.appendingPathComponent(test.sample))
    var decoded = 0
    let time = milliseconds(try median(iterations: 101) { decoded = try test.decode(data) })
    let megabytesPerSecond = Double(data.count) / 1e6 / (time / 1000)
    // Side by side, for this machine's speed: Foundation parsing the same bytes into untyped objects.
    let parse = milliseconds(try median(iterations: 101) { _ = try JSONSerialization.jsonObject(with: data) })
    row(
        "\(test.figure) (\(decoded) items, \(data.count / 1024) KiB)",
        measured: String(format: "%.3f ms, %.0f MB/s", time, megabytesPerSecond), milliseconds: time, target: test.targetMilliseconds,
        baseline: String(format: "; JSONSerialization alone %.3f ms (%.1f×)", parse, time / parse))
}

// MARK: - Rule evaluation

// One poll of 10,000 tickers: readings and the engine's step, on a warm engine (every subject
// already has a record), as in the daemon's steady state. Two figures: the issue's 100 rules as
// 100 crypto_cross levels (a rule each in the config) over the 10,000 tickers; and the per-coin
// rules, crypto_change and crypto_move, over every one of the 10,000 coins: four readings a
// coin, and crypto_move's window of prices kept up as the daemon keeps it.
func ruleEvaluation() throws {
    let page = try CoinLoreDecoder.decodeTickersPage(Data(contentsOf: samples.appendingPathComponent("coinlore_tickers_page1.json")))
    let tickers = (0..<10_000).map { index in
        var ticker = page[index % page.count]
        ticker.id = String(index)
        ticker.symbol = "C\(index)"
        ticker.change24h = Decimal((index % 21) - 10)
        return ticker
    }
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    // Each poll's prices, the price of poll 0 being the page's: half the coins move within 1 % in
    // a cycle of four polls, quiet; the other half rise by 0.2 % of it each poll, about 6 % within
    // the 15 min window, so crypto_move's rise fires and stays firing. A rising coin's low leaves
    // the window each poll, and a cycling coin's low and high every fourth.
    func price(_ index: Int, poll: Int) -> Decimal {
        let steps = index % 2 == 0 ? [0, 1, 2, 1][(poll % 4 + 4) % 4] : poll
        return tickers[index].priceUSD * (1000 + Decimal(index % 2 == 0 ? 5 * steps : 2 * steps)) / 1000
    }
    let (warmupPolls, measuredPolls) = (3, 21)
    let pages = (0...warmupPolls + measuredPolls).map { poll in
        tickers.indices.map { index in with(tickers[index]) { $0.priceUSD = price(index, poll: poll) } }
    }
    let levels = (0..<100).compactMap { PriceCrossingRule.Level(parsing: "C\($0 * 97) \($0 % 2 == 0 ? ">" : "<") \(1000 + $0)") }
    let cross = PriceCrossingRule(levels: levels)
    let change = CryptoChangeRule()
    let move = CryptoMoveRule()
    let locale = Locale(identifier: "en_US")

    func measure(
        _ figure: String, pollSeconds: Double, beside baseline: (Double) -> String = { _ in "" },
        _ evaluate: (_ engine: inout RuleEngine, _ poll: Int, _ now: Date) -> Int
    ) {
        var engine = RuleEngine()
        var poll = 0
        var count = 0
        var probe = ComputeProbe()
        let time = milliseconds(
            median(warmup: warmupPolls, iterations: measuredPolls, between: { probe.sample() }) {
                poll += 1
                count = evaluate(&engine, poll, start.addingTimeInterval(Double(poll) * pollSeconds))
            })
        // Beside it, how fast the machine was while the polls ran: a MISSED in a slow spell of
        // the host shows as a slow probe, and the ratio stays.
        let probed = milliseconds(probe.median!)
        precondition(probe.checksum != 1, "read so that the loop is kept")
        let besideProbe = String(format: "; a fixed compute loop between the polls %.2f ms (%.1f×)", probed, time / probed)
        row(
            "\(figure) (\(count) readings)", measured: String(format: "%.2f ms", time), milliseconds: time, target: 5,
            baseline: baseline(time) + besideProbe)
    }
    measure("rule evaluation: 10,000 tickers × 100 rules (crypto_cross levels), one poll", pollSeconds: 0.5) { engine, _, now in
        let readings = cross.readings(tickers, locale: locale)
        _ = engine.evaluate(groups: [readings], now: now)
        return readings.count
    }
    // crypto_move's window as the daemon holds it at the default 30 s interval and 15 min
    // window: the 30 polls before the first measured, read from the store once; then each poll,
    // 30 s after the last, takes the oldest price out and puts its own in.
    let history = Dictionary(
        uniqueKeysWithValues: tickers.indices.map { index in
            (tickers[index].symbol, (-30..<0).map { CryptoMoveRule.PricePoint(at: start.addingTimeInterval(Double(30 * $0)), price: price(index, poll: $0)) })
        })
    var window = PriceWindow(history: history, since: move.since(start))
    // Side by side, for this machine's memory: what a poll read before the daemon kept the window,
    // the 30 stored prices of each coin, found by its symbol, read alone.
    let symbols = tickers.map(\.symbol)
    var instants = 0.0
    let pricesAlone = milliseconds(
        median(warmup: 3, iterations: 21) {
            for symbol in symbols {
                for point in history[symbol] ?? [] { instants += point.at.timeIntervalSince1970 }
            }
        })
    precondition(instants > 0)
    let besidePrices = { (time: Double) in String(format: "; 30 stored prices a coin read alone %.2f ms (%.1f×)", pricesAlone, time / pricesAlone) }
    measure("rule evaluation: crypto_change + crypto_move on each of 10,000 coins, one poll", pollSeconds: 30, beside: besidePrices) { engine, poll, now in
        // As the daemon's crypto round steps a poll (`CryptoPoll`), without its store.
        var cryptoPoll = CryptoPoll(tickers: pages[poll], now: now, locale: locale)
        cryptoPoll.change = change
        cryptoPoll.move = (move, window.poll(cryptoPoll.tickers, now: now, since: move.since(now)))
        _ = engine.evaluate(now: now, expecting: cryptoPoll.expectedReadings) { _ = cryptoPoll.step(into: &$0) }
        return cryptoPoll.expectedReadings
    }
}

func with<Value>(_ value: Value, _ change: (inout Value) -> Void) -> Value {
    var value = value
    change(&value)
    return value
}

if wanted("rule evaluation") { try ruleEvaluation() }
