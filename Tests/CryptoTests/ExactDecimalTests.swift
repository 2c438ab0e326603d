import Foundation
import NotifierEngine
import TestSupport
import Testing

@testable import NotifierCrypto

/// The `Decimal` fast paths and the one-pass page reading give exactly what Foundation and
/// JSONDecoder gave: the same values in the same representation (bits), the same entries.
@Suite struct ExactDecimalTests {
    static let posix = Locale(identifier: "en_US_POSIX")

    static func bits(_ value: Decimal?) -> [UInt8]? {
        value.map { value in withUnsafeBytes(of: value) { Array($0) } }
    }

    static func plain(_ text: String) -> Decimal? {
        var text = text
        return text.withUTF8 { ExactDecimal.parsePlain($0) }
    }

    /// Random decimal text: signs, leading and trailing zeros, points at either end, long digit runs.
    static func randomText(using generator: inout SeededGenerator) -> String {
        let digits = (0..<Int.random(in: 1...24, using: &generator)).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
        var text = digits
        let point = Int.random(in: 0...digits.count + 1, using: &generator)
        if point <= digits.count { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
        if Bool.random(using: &generator) { text = String(repeating: "0", count: Int.random(in: 1...3, using: &generator)) + text }
        return ["", "-", "+"].randomElement(using: &generator)! + text
    }

    @Test func parsingMatchesFoundationBitForBit() {
        var generator = SeededGenerator(seed: 47)
        var texts = [
            "99584.59", "1.50", "100", "0", "-0", "0.00", "-0.22", "+5", "5.", ".5", "-.5", "007.50", "1967874549929.50",
            "60985129577.58225", "9999999999999999999", "18446744073709551615", "12345678901234567890", "0.000031",
            "0.0000000000000000000000000000000000000000000001", "1e5", "1.5.5", "", "-", ".", "1,5", " 1", "١",
        ]
        for _ in 0..<50_000 { texts.append(Self.randomText(using: &generator)) }
        var taken = 0
        for text in texts {
            guard let fast = Self.plain(text) else { continue }
            taken += 1
            #expect(Self.bits(fast) == Self.bits(Decimal(string: text, locale: Self.posix)), "\(text)")
            #expect(Self.bits(ExactDecimal.parse(text, locale: Self.posix)) == Self.bits(fast), "\(text)")
        }
        #expect(taken > 30_000)
        for text in ["0", "0.00", "1e5", "1.5.5", "", "-", ".", "12345678901234567890", "1,5"] {
            #expect(Self.plain(text) == nil, "\(text)")
        }
    }

    @Test func comparisonAndConversionMatchFoundation() throws {
        var generator = SeededGenerator(seed: 4_747)
        var values: [Decimal] = [0, 1, -1, .nan, Decimal(string: "0.00")!, Decimal(string: "1e-100")!, Decimal(string: "-1e100")!]
        for _ in 0..<3_000 {
            let text = Self.randomText(using: &generator)
            let value = try #require(Decimal(string: text, locale: Self.posix))
            // Near neighbours and equal values in other representations.
            values += [value, value + Decimal(string: "1e-30")!, value * 10 / 10, value * Decimal(string: "1.0000000000001")!]
        }
        for (index, lhs) in values.enumerated() {
            #expect(ExactDecimal.double(lhs).bitPattern == NSDecimalNumber(decimal: lhs).doubleValue.bitPattern, "\(lhs)")
            for rhs in values[max(0, index - 8)...min(values.count - 1, index + 8)] {
                #expect(ExactDecimal.isLess(lhs, rhs) == (lhs < rhs), "\(lhs) < \(rhs)")
            }
            let range = Decimal(-100)...Decimal(100_000)
            #expect(ExactDecimal.contains(range, lhs) == range.contains(lhs), "\(lhs)")
        }
    }

    @Test func uppercasingMatchesFoundation() {
        for symbol in ["BTC", "btc", "Btc1", "", "ÉTH", "ßx", "Ⅻ", "A-B", "0x1A"] {
            #expect(Ticker.uppercased(symbol) == symbol.uppercased(), "\(symbol)")
        }
    }

    // MARK: - The page read in one pass

    /// Where the one pass answers, JSONDecoder's reading gives the same entries, bit for bit.
    func expectSameReading(_ data: Data, _ label: String) {
        expectSameReading(data, label, entries: CoinLorePageScanner.entries(data))
    }

    /// With the one pass's reading of `data` already taken: the most of a mangled round's cost.
    func expectSameReading(_ data: Data, _ label: String, entries: [RawTicker]?) {
        guard let entries else { return }
        guard let reference = try? CoinLoreDecoder.decodePageWithJSONDecoder(data) else {
            Issue.record("\(label): the one pass read a body JSONDecoder refuses")
            return
        }
        let tickers = entries.compactMap(\.ticker)
        #expect(entries.count == reference.entries, "\(label)")
        #expect(entries.compactMap(\.implausible) == reference.implausible, "\(label)")
        #expect(tickers == reference.tickers, "\(label)")
        for (fast, slow) in zip(tickers, reference.tickers) {
            for field in [\Ticker.priceUSD] as [KeyPath<Ticker, Decimal>] {
                #expect(Self.bits(fast[keyPath: field]) == Self.bits(slow[keyPath: field]), "\(label) \(fast.symbol)")
            }
            let optionals: [KeyPath<Ticker, Decimal?>] = [
                \.change1h, \.change24h, \.change7d, \.marketCapUSD, \.volume24USD, \.circulatingSupply, \.totalSupply, \.maxSupply,
            ]
            for field in optionals {
                #expect(Self.bits(fast[keyPath: field]) == Self.bits(slow[keyPath: field]), "\(label) \(fast.symbol)")
            }
        }
    }

    @Test func theSamplePageIsReadInOnePassAsJSONDecoderReadsIt() throws {
        let sample = try Samples.data(CryptoDecoderTests.pageSample)
        #expect(CoinLorePageScanner.entries(sample)?.count == 100)
        expectSameReading(sample, "sample")
    }

    @Test(arguments: [
        #"{"data":[]}"#, #"{"data":[],"info":{"coins_num":1,"time":2}}"#, #"{"info":[1,{"a":[true,false,null]}],"data":[]}"#,
        #"{"data":[{"id":"1","symbol":"A","price_usd":"2"}]}"#, #"{"data":[{"id":1,"symbol":"A","price_usd":2.50,"rank":3}]}"#,
        #"{"data":[{"id":"1","symbol":"A","price_usd":"1e12"}]}"#, #"{"data":[{"id":"1","symbol":"a b","price_usd":"-2"}]}"#,
        #"{"data":[{"id":"1","symbol":"A","price_usd":"2","name":{"x":1},"rank":[1],"csupply":true,"msupply":null}]}"#,
        #"{"data":[{"id":"1","symbol":"A","price_usd":"2","extra":"x","extra":"y"}]}"#, #"{"data":[{"id":" 7 ","symbol":"\tA","price_usd":" 3 "}]}"#,
        // Outside the one pass, left to JSONDecoder: it must answer nil for these.
        #"{"data":[{"id":"1","symbol":"\u0041","price_usd":"2"}]}"#, #"{"data":[{"id":"1","symbol":"Ä","price_usd":"2"}]}"#,
        #"{"data":[{"id":"1","id":"2","symbol":"A","price_usd":"2"}]}"#, #"{"data":[],"data":[]}"#, #"{"data":[1]}"#,
        #"{"data":[{"id":"1","symbol":"A","price_usd":2e3}]}"#, #"{"data":[{"id":"1","symbol":"A","price_usd":0}]}"#, "{}", "[]", "",
        #"{"data":[]} x"#, #"{"data":[],}"#, #"{"data":[{"id":"1",}]}"#, #"{"data":[01]}"#, #"{"data":[]"#, "\u{FEFF}{\"data\":[]}",
        #"{"data":[{"id":"1","symbol":"A","price_usd":"2","deep":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}]}"#,
    ])
    func handWrittenBodies(_ body: String) {
        expectSameReading(Data(body.utf8), body)
    }

    @Test func outsideTheOnePassItLeavesTheBodyToJSONDecoder() {
        for body in [
            #"{"data":[{"id":"1","symbol":"\u0041","price_usd":"2"}]}"#, #"{"data":[{"id":"1","symbol":"Ä","price_usd":"2"}]}"#,
            #"{"data":[{"id":"1","id":"2","symbol":"A","price_usd":"2"}]}"#, #"{"data":[],"data":[]}"#, #"{"data":[1]}"#,
            #"{"data":[{"id":"1","symbol":"A","price_usd":2e3}]}"#, "{}", "", #"{"data":[]} x"#, #"{"data":[],}"#, "\u{FEFF}{\"data\":[]}",
        ] {
            #expect(CoinLorePageScanner.entries(Data(body.utf8)) == nil, "\(body)")
        }
    }

    /// The sample page cut to the entries that bring a kind of value a field has not had yet
    /// (a number or a fraction, a number in text with its sign and form, other text, empty,
    /// null), in their order and bytes: 11 of its 100. The others hold those kinds again, and
    /// each costs a mangled round's scan as much.
    static func everyKindOnce(_ sample: Data) throws -> (page: [UInt8], entries: Int) {
        let text = String(decoding: sample, as: UTF8.self)
        let open = try #require(text.range(of: "[\n    {"))
        let close = try #require(text.range(of: "}\n  ]", options: .backwards))
        var seen = Set<String>()
        let kept = try text[open.upperBound..<close.lowerBound].components(separatedBy: "},\n    {").filter { body in
            let entry = try #require(try JSONSerialization.jsonObject(with: Data(("{" + body + "}").utf8)) as? [String: Any])
            let kinds = entry.map { "\($0.key): \(kind($0.value))" }
            defer { seen.formUnion(kinds) }
            return !seen.isSuperset(of: kinds)
        }
        return (Array((text[..<open.upperBound] + kept.joined(separator: "},\n    {") + text[close.lowerBound...]).utf8), kept.count)
    }

    private static func kind(_ value: Any) -> String {
        let isDigit: (Character) -> Bool = { ("0"..."9").contains($0) }
        switch value {
        case is NSNull: return "null"
        case let text as String:
            let sign = text.hasPrefix("-") ? "negative " : ""
            let body = text.drop { $0 == "-" }
            if text.isEmpty { return "empty" }
            if body.allSatisfy(isDigit) { return sign + "integer text" }
            if body.allSatisfy({ isDigit($0) || $0 == "." }) { return sign + "decimal text" }
            if Double(text) != nil { return sign + "exponent text" }
            return text.allSatisfy { isDigit($0) || ("A"..."Z").contains($0) } ? "plain text" : "other text"
        default: return "\(value)".allSatisfy(isDigit) ? "integer" : "fraction"
        }
    }

    /// Mangled samples: bytes replaced, dropped and inserted, and truncations. Bounded, no crash,
    /// and the same reading wherever the one pass answers.
    @Test func mangledSamplesReadTheSameOrFallBack() throws {
        var generator = SeededGenerator(seed: 20_260_147)
        let (sample, entries) = try Self.everyKindOnce(Samples.data(CryptoDecoderTests.pageSample))
        #expect(CoinLorePageScanner.entries(Data(sample))?.count == entries && entries < 20, "\(entries)")
        expectSameReading(Data(sample), "every kind once")
        let junk: [UInt8] = Array(#"{}[]",:0-.eE"\ 1a"#.utf8) + [0x00, 0xFF, 0xC3, 0x09]
        let bodies = Mangled.copies(of: sample, count: 400, cutEvery: 40, junk: junk, using: &generator)
        let readings = bodies.map(CoinLorePageScanner.entries)
        for (round, body) in bodies.enumerated() { expectSameReading(body, "round \(round)", entries: readings[round]) }
        #expect(readings.contains { $0 != nil })
    }
}
