import Foundation
import NotifierEngine
import TestSupport
import Testing

@testable import NotifierCrypto

/// The crypto snapshot read in one pass gives what JSONDecoder gives, or is left to it.
@Suite struct TickerSnapshotTests {
    /// Where the one pass answers, JSONDecoder's reading is the same, bit for bit.
    func expectSameReading(_ data: Data, _ label: String, tickers: [Ticker]?) {
        guard let tickers else { return }
        guard let reference = try? JSONDecoder().decode([Ticker].self, from: data) else {
            Issue.record("\(label): the one pass read a snapshot JSONDecoder refuses")
            return
        }
        #expect(tickers == reference, "\(label)")
        for (fast, slow) in zip(tickers, reference) {
            let fields: [KeyPath<Ticker, Decimal?>] = [
                \.change1h, \.change24h, \.change7d, \.marketCapUSD, \.volume24USD, \.circulatingSupply, \.totalSupply, \.maxSupply,
            ]
            #expect(ExactDecimalTests.bits(fast.priceUSD) == ExactDecimalTests.bits(slow.priceUSD), "\(label)")
            for field in fields {
                #expect(ExactDecimalTests.bits(fast[keyPath: field]) == ExactDecimalTests.bits(slow[keyPath: field]), "\(label) \(fast.symbol)")
            }
        }
    }

    /// The sample page's tickers as the feed stores them.
    static func snapshot() throws -> Data {
        try JSONEncoder().encode(CoinLoreDecoder.decodeTickersPage(Samples.data(CryptoDecoderTests.pageSample)))
    }

    @Test func theStoredSnapshotIsReadInOnePassAsJSONDecoderReadsIt() throws {
        let snapshot = try Self.snapshot()
        let tickers = TickerSnapshotScanner.tickers(snapshot)
        #expect(tickers?.count == 100)
        expectSameReading(snapshot, "snapshot", tickers: tickers)
    }

    @Test(arguments: [
        "[]", #"[{"id":"1","symbol":"A","name":"Ä","rank":2,"priceUSD":1.5,"maxSupply":null,"extra":{"x":"\/"}}]"#,
        #"[{"priceUSD":-0.000123,"rank":-1,"name":"","symbol":"B","id":"x","change7d":12345678901234567.89}]"#,
        // Outside the one pass, left to JSONDecoder: it must answer nil for these.
        #"[{"id":"1","symbol":"A/B","name":"x\/y","rank":2,"priceUSD":1}]"#, #"[{"id":"1","symbol":"A","name":"x","rank":2}]"#,
        #"[{"id":"1","symbol":"A","name":"x","rank":2,"priceUSD":0,"change1h":-0,"change7d":0.0}]"#,
        #"[{"id":"1","symbol":"A","name":"x","rank":2,"priceUSD":0,"change1h":0}]"#, #"[{"id":"1","symbol":"A","name":"x","rank":2,"priceUSD":1e3}]"#,
        #"[{"id":"1","symbol":"A","name":"x","rank":2.0,"priceUSD":1}]"#, #"[{"id":1,"symbol":"A","name":"x","rank":2,"priceUSD":1}]"#,
        #"[{"id":"1","id":"1","symbol":"A","name":"x","rank":2,"priceUSD":1}]"#, "{}", "", "[{}]",
    ])
    func handWrittenSnapshots(_ body: String) {
        expectSameReading(Data(body.utf8), body, tickers: TickerSnapshotScanner.tickers(Data(body.utf8)))
    }

    @Test func outsideTheOnePassItLeavesTheSnapshotToJSONDecoder() {
        for body in [
            #"[{"id":"1","symbol":"A","name":"x\/y","rank":2,"priceUSD":1}]"#, #"[{"id":"1","symbol":"A","name":"x","rank":2}]"#,
            #"[{"id":"1","symbol":"A","name":"x","rank":2,"priceUSD":-0}]"#, "[{}]", "",
        ] {
            #expect(TickerSnapshotScanner.tickers(Data(body.utf8)) == nil, "\(body)")
        }
    }

    /// Mangled snapshots: no crash, and the same reading wherever the one pass answers.
    @Test func mangledSnapshotsReadTheSameOrFallBack() throws {
        var generator = SeededGenerator(seed: 20_261_130)
        // The first dozen tickers, cut where one ends.
        let whole = String(decoding: try Self.snapshot(), as: UTF8.self)
        let end = try #require(whole.range(of: "},{", range: whole.index(whole.startIndex, offsetBy: 3_000)..<whole.endIndex))
        let sample = Array((whole[..<end.lowerBound] + "}]").utf8)
        #expect(TickerSnapshotScanner.tickers(Data(sample)) != nil)
        let junk: [UInt8] = Array(#"{}[]",:0-.eE"\ 1an"#.utf8) + [0x00, 0xFF, 0xC3]
        var answered = 0
        for round in 0..<300 {
            let bytes = Mangled.bytes(sample, junk: junk, using: &generator)
            let tickers = TickerSnapshotScanner.tickers(Data(bytes))
            if tickers != nil { answered += 1 }
            expectSameReading(Data(bytes), "round \(round)", tickers: tickers)
        }
        #expect(answered > 0)
    }
}
