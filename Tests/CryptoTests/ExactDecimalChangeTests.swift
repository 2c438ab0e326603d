import Foundation
@_spi(SwiftCorelibsFoundation) import FoundationEssentials
import TestSupport
import Testing

@testable import NotifierCrypto
@testable import NotifierEngine

/// The percent change and the window's low and high, computed without Foundation's `Decimal`
/// arithmetic, give what it gave: the same doubles (bits), the same points, the same readings.
@Suite struct ExactDecimalChangeTests {
    static let posix = Locale(identifier: "en_US_POSIX")

    /// What `CryptoMoveRule` computed before: Foundation's arithmetic and conversion.
    static func foundationChange(from old: Decimal, to new: Decimal) -> Double {
        NSDecimalNumber(decimal: (new - old) / old * 100).doubleValue
    }

    /// Prices as feeds send them, and ones the fast path must hand to Foundation.
    static func randomPrice(using generator: inout SeededGenerator) throws -> Decimal {
        let text = ExactDecimalTests.randomText(using: &generator)
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: return try #require(Decimal(string: "\(Int.random(in: 1...40, using: &generator))e\(Int.random(in: -100...90, using: &generator))"))
        case 1: return try #require(Decimal(string: String(repeating: "9", count: Int.random(in: 18...38, using: &generator))))
        case 2: return [0, .nan, -1, Decimal(string: "0.00")!].randomElement(using: &generator)!
        default: return try #require(Decimal(string: text, locale: Self.posix))
        }
    }

    @Test func percentChangeMatchesFoundationBitForBit() throws {
        var generator = SeededGenerator(seed: 2_026_112_8)
        var pairs: [(from: Decimal, to: Decimal)] = []
        let moves = ["0.97", "1", "1.02", "1.04", "1.0000000001", "0.5", "3", "1.035", "0.965"].map { Decimal(string: $0)! }
        for _ in 0..<60_000 {
            let old = try Self.randomPrice(using: &generator)
            let new: Decimal
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: new = try Self.randomPrice(using: &generator)
            case 1: new = old
            // Threshold boundaries: exactly ±3 %, ±1.5 %, ±5 %.
            case 2:
                new =
                    old * [Decimal(string: "1.03")!, Decimal(string: "0.97")!, Decimal(string: "1.015")!, Decimal(string: "0.95")!].randomElement(
                        using: &generator)!
            default: new = old * moves.randomElement(using: &generator)!
            }
            pairs.append((old, new))
        }
        let results = ExactDecimal.percentChanges(pairs)
        var fast = 0
        for (pair, result) in zip(pairs, results) {
            let expected = Self.foundationChange(from: pair.from, to: pair.to)
            #expect(result.bitPattern == expected.bitPattern || (result.isNaN && expected.isNaN), "\(pair.from) → \(pair.to): \(result) vs \(expected)")
            if QuotientParts(old: pair.from, new: pair.to) != nil { fast += 1 }
        }
        // Most of them took the fast path, batched in eights and alone.
        #expect(fast > 30_000)
        for pair in pairs.prefix(2_000) {
            let expected = Self.foundationChange(from: pair.from, to: pair.to)
            let alone = ExactDecimal.percentChange(from: pair.from, to: pair.to)
            #expect(alone.bitPattern == expected.bitPattern || (alone.isNaN && expected.isNaN), "\(pair.from) → \(pair.to)")
        }
    }

    /// Values only hand-made bytes give (a length over zero words, words past the length) are left
    /// to Foundation rather than trapping here.
    @Test func malformedDecimalsGoToFoundation() {
        let oddZero = Decimal(_exponent: 0, _length: 1, _isNegative: 0, _isCompact: 0, _mantissa: (0, 0, 0, 0, 0, 0, 0, 0))
        let longer = Decimal(_exponent: -2, _length: 2, _isNegative: 0, _isCompact: 0, _mantissa: (5, 0, 0, 0, 0, 0, 0, 9))
        for value in [oddZero, longer] {
            #expect(DecimalFields(value).narrowMantissa == nil)
            #expect(QuotientParts(old: value, new: 100) == nil)
            #expect(QuotientParts(old: 100, new: value) == nil)
            #expect(ExactDecimal.alignedOrder(value, 100) == nil)
        }
    }

    @Test func decimalFieldsReadFoundationsLayout() throws {
        var generator = SeededGenerator(seed: 77)
        for _ in 0..<5_000 {
            let value = try Self.randomPrice(using: &generator)
            guard !value.isNaN else { continue }
            let fields = DecimalFields(value)
            let rebuilt = Decimal(sign: fields.negative ? .minus : .plus, exponent: fields.exponent, significand: Decimal(string: String(fields.mantissa))!)
            #expect(rebuilt == value, "\(value)")
            #expect(fields.length == (128 - fields.mantissa.leadingZeroBitCount + 15) / 16, "\(value)")
            #expect(ExactDecimal.isPositive(value) == (0 < value), "\(value)")
        }
        #expect(!ExactDecimal.isPositive(.nan))
    }

    /// The window's low and high are the points `min(by:)` and `max(by:)` picked before, equal
    /// prices in other representations and other times included.
    @Test func extremesPickWhatMinAndMaxPicked() throws {
        var generator = SeededGenerator(seed: 31)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let since = now.addingTimeInterval(-900)
        for _ in 0..<3_000 {
            let base = try #require(Decimal(string: ExactDecimalTests.randomText(using: &generator), locale: Self.posix))
            let points = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                let price = [base, base * 10 / 10, base + 1, base - 1, -base, 0, base * Decimal(string: "1.00000000000001")!].randomElement(using: &generator)!
                return CryptoMoveRule.PricePoint(at: now.addingTimeInterval(Double(Int.random(in: -1000...100, using: &generator))), price: price)
            }
            let recent = points.filter { $0.at >= since && $0.at <= now && 0 < $0.price }
            let (low, high) = CryptoMoveRule.extremes(points, since: since, now: now)
            #expect(low == recent.min { $0.price < $1.price }, "\(points)")
            #expect(high == recent.max { $0.price < $1.price }, "\(points)")
        }
    }

    /// Every reading and every alert the rule gives, against the change computed by Foundation.
    @Test func moveReadingsAreTheSameAsThroughFoundation() throws {
        var generator = SeededGenerator(seed: 5)
        let rule = CryptoMoveRule(overrides: ["C3": .init(threshold: 1.5, rearm: 1)])
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let factors = ["0.97", "1.03", "1.015", "0.985", "1.029999", "1.0300001", "1", "0.5", "2"].map { Decimal(string: $0)! }
        var tickers: [Ticker] = []
        var history: [String: [CryptoMoveRule.PricePoint]] = [:]
        for index in 0..<2_000 {
            let price = try Self.randomPrice(using: &generator)
            let symbol = "C\(index % 500)"
            tickers.append(Ticker(id: String(index), symbol: symbol, name: "Coin \(index)", rank: index, priceUSD: price))
            history[symbol, default: []] += (1...Int.random(in: 1...6, using: &generator)).map { step in
                CryptoMoveRule.PricePoint(at: now.addingTimeInterval(Double(-120 * step)), price: price * factors.randomElement(using: &generator)!)
            }
        }
        let readings = rule.readings(tickers, history: history, now: now, locale: Locale(identifier: "en_US"))
        #expect(readings.count == tickers.count * 2)
        for (index, reading) in readings.enumerated() {
            let ticker = tickers[index / 2]
            let rise = index % 2 == 0
            let (low, high) = CryptoMoveRule.extremes(history[ticker.symbol] ?? [], since: now.addingTimeInterval(-900), now: now)
            let move = (rise ? low : high).map { Self.foundationChange(from: $0.price, to: ticker.priceUSD) }
            let levels = rule.overrides[ticker.symbol] ?? .init(threshold: 3, rearm: 2)
            let threshold =
                rise
                ? try Threshold(direction: .above, fireLevel: levels.threshold, rearmLevel: levels.rearm)
                : try Threshold(direction: .below, fireLevel: -levels.threshold, rearmLevel: -levels.rearm)
            #expect(reading.key == SubjectKey(rule: CryptoMoveRule.id, subject: "\(ticker.symbol):\(rise ? "rise" : "fall")"))
            #expect(reading.deeper?.value.bitPattern == move?.bitPattern || (move?.isNaN == true && reading.deeper?.value.isNaN == true))
            #expect(reading.signal == move.flatMap { threshold.signal(for: $0) })
            #expect(reading.shownValue == move.map(CryptoChangeRule.percent) ?? "unknown")
            for emission in [AlertStateMachine.Emission.fired, .repeated, .updated, .resolved] {
                let alert = reading.alert(emission)
                #expect((alert == nil) == (move == nil))
                if let move, let alert, emission == .fired {
                    #expect(alert.title.hasPrefix("\(ticker.symbol) \(CryptoChangeRule.percent(move)) in "))
                }
            }
        }
    }

    /// Moves on a level, on a tie of their text's tenths, within a hair of either, and none: the readings
    /// that hold an estimate say what the exact value says, and tell a deeper move as it does at
    /// the very step and a hair either side of it.
    @Test func estimatedMovesDecideAsTheExactValue() throws {
        var generator = SeededGenerator(seed: 11)
        let rule = CryptoMoveRule()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let factors = ["1.03", "0.97", "1.02", "0.98", "1.0305", "0.9695", "1.0315", "1.00005", "1.0000000000001", "0.9999999999999", "1.0300000000001"]
            .map { Decimal(string: $0)! }
        var tickers: [Ticker] = []
        var history: [String: [CryptoMoveRule.PricePoint]] = [:]
        for index in 0..<4_000 {
            let old = try Self.randomPrice(using: &generator)
            let symbol = "C\(index)"
            // A seventh unchanged: the same price stored again.
            let new = index % 7 == 0 ? old : old * factors.randomElement(using: &generator)!
            tickers.append(Ticker(id: String(index), symbol: symbol, name: symbol, rank: index, priceUSD: new))
            history[symbol] = [CryptoMoveRule.PricePoint(at: now.addingTimeInterval(-60), price: old)]
        }
        let readings = rule.readings(tickers, history: history, now: now, locale: Locale(identifier: "en_US"))
        var estimated = 0
        for (index, reading) in readings.enumerated() {
            let ticker = tickers[index / 2]
            let old = try #require(history[ticker.symbol]?.first?.price)
            guard 0 < old else { continue }
            let move = Self.foundationChange(from: old, to: ticker.priceUSD)
            let threshold =
                index % 2 == 0 ? try Threshold(direction: .above, fireLevel: 3, rearmLevel: 2) : try Threshold(direction: .below, fireLevel: -3, rearmLevel: -2)
            if reading.deeperMargin > 0 { estimated += 1 }
            #expect(reading.signal == threshold.signal(for: move), "\(old) → \(ticker.priceUSD)")
            #expect(reading.shownValue == CryptoChangeRule.percent(move), "\(old) → \(ticker.priceUSD)")
            let deeper = try #require(reading.deeper)
            #expect(deeper.value.bitPattern == move.bitPattern || (deeper.value.isNaN && move.isNaN))
            guard move.isFinite else { continue }
            let boundary = threshold.direction == .above ? move - deeper.step : move + deeper.step
            for shown in [boundary, boundary.nextUp, boundary.nextDown, boundary + 1e-9, boundary - 1e-9, move] {
                #expect(reading.isDeeper(than: shown) == deeper.isDeeper(than: shown), "\(old) → \(ticker.priceUSD), shown \(shown)")
            }
        }
        // Both ways were taken: many by the estimate; those on a level or a tie, and the
        // unchanged, exactly.
        #expect(estimated > readings.count / 4)
        #expect(estimated < readings.count)
    }
}
