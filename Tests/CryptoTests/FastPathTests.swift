import Foundation
import Testing

@testable import NotifierCrypto
@testable import NotifierEngine

/// Hand-written fast paths must give exactly what the Foundation calls they shortcut gave.
@Suite struct FastPathTests {
    static func reference(_ value: Double) -> String {
        String(format: "%.1f", value).replacingOccurrences(of: ".0", with: "")
    }

    @Test func matchesPrintfEverywhere() {
        var generator = SeededGenerator(seed: 9)
        var values: [Double] = [
            0, -0.0, 0.05, 0.15, 0.25, 0.35, 2.25, 9.95, 9.96, 99.95, 0.04, 1e6, 999_999.95, 1e7 + 0.05,
            -1.25, .nan, .infinity, -.infinity, .ulpOfOne, Double.leastNonzeroMagnitude,
            // Ties in binary too, which printf rounds to even.
            0.75, 1.25, 3.75, 1000.25, 999_999.75, 524_288.25, 0.05.nextUp, 0.05.nextDown, 0.15.nextUp, 0.15.nextDown,
        ]
        for quarter in 0..<4_000 { values.append(Double(quarter) / 4) }
        for tenths in 0..<20_000 { values += [Double(tenths) / 10 + 0.05, Double(tenths) / 100] }
        for _ in 0..<100_000 { values.append(Double.random(in: -100...1000, using: &generator)) }
        for value in values {
            #expect(CryptoChangeRule.number(value) == Self.reference(value), "\(value)")
        }
    }

    /// `percent` writes its text itself: the same bytes as the concatenation it replaced.
    @Test func percentMatchesItsConcatenation() {
        var generator = SeededGenerator(seed: 11)
        var values: [Double] = [0, -0.0, 0.05, -0.05, 0.04, -0.04, 5, -5, 9.95, -9.96, 999_999.9, -999_999.94, 1e6, -1e6, .nan, -.nan, .infinity, -.infinity]
        for tenths in -20_000..<20_000 { values += [Double(tenths) / 10, Double(tenths) / 10 + 0.05, Double(tenths) / 100] }
        for _ in 0..<100_000 { values.append(Double.random(in: -2_000_000...2_000_000, using: &generator)) }
        for value in values {
            let concatenated = (value >= 0 ? "+" : "−") + CryptoChangeRule.number(abs(value)) + " %"
            #expect(CryptoChangeRule.percent(value) == concatenated, "\(value)")
            #expect(CryptoChangeRule.percent(value).utf8.elementsEqual(concatenated.utf8), "\(value)")
        }
        // A coin's figure, written without the table.
        for text in ["0", "-0.05", "0.04", "5", "-9.96", "99.95", "-100", "250.25", "999999.9", "1000000", "-0.22", "3.14E-10"] {
            let value = Decimal(string: text)!
            #expect(CryptoChangeRule.percent(value) == CryptoChangeRule.percent(ExactDecimal.double(value)), "\(text)")
        }
        #expect(CryptoChangeRule.percent(Decimal?.none) == "n/a")
    }

    @Test func trimmingMatchesFoundation() {
        for text in ["", " ", "1", " 1", "1 ", "\t2.5\n", "\u{A0}3", "3\u{A0}", "\u{85}4", "4\u{2028}", "\u{FEFF}5", "é", " é ", "a b", "\r\n"] {
            #expect(Ticker.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
        }
    }

    /// `linkSymbol` names the symbol a link does: upper-cased, or none where there is no link
    /// (1–12 ASCII capitals and digits, written out here as `notifier open crypto` documents it).
    @Test func linkSymbolMatchesTheLink() {
        var generator = SeededGenerator(seed: 13)
        var symbols = ["", "BTC", "btc", "Eth", "A", "ABCDEFGHIJKL", "ABCDEFGHIJKLM", "abcdefghijkl", "B-T", "B T", "ÉTH", "1INCH", "x\u{0}", "ΑΒΓ", "ß"]
        let alphabet = Array("ABCXYZabcz0189-_. éß\u{7F}")
        for _ in 0..<20_000 {
            symbols.append(String((0..<Int.random(in: 0...14, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        for symbol in symbols {
            let upper = symbol.uppercased()
            let linkable = (1...12).contains(upper.utf8.count) && upper.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }
            #expect(Ticker.linkSymbol(symbol) == (linkable ? upper : nil), "\(symbol)")
            #expect((DeepLink.crypto(symbol) != nil) == linkable, "\(symbol)")
        }
    }

    /// The keys kept from poll to poll by a coin's place are the keys made anew, whatever the
    /// pages do between polls: coins trading places, a coin new or gone, a symbol not linkable,
    /// the page shorter and longer again.
    @Test func keptKeysAreTheKeysMadeAnew() {
        let pages: [[String]] = [
            ["BTC", "ETH", "SOL"], ["BTC", "ETH", "SOL"], ["ETH", "BTC", "SOL"], ["BTC", "bad symbol!", "SOL", "DOGE"], ["XRP"], [],
            ["ETH", "BTC", "SOL", "ADA", "DOT"], ["eth", "BTC"],
        ]
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for (poll, symbols) in pages.enumerated() {
            let tickers = symbols.enumerated().map { Ticker(id: String($0), symbol: $1, name: $1, rank: $0 + 1, priceUSD: Decimal(100 + $0)) }
            let linked = symbols.compactMap(Ticker.linkSymbol)
            let now = start.addingTimeInterval(Double(poll) * 60)
            let history = Dictionary(uniqueKeysWithValues: linked.map { ($0, [CryptoMoveRule.PricePoint(at: now.addingTimeInterval(-60), price: 90)]) })
            let change = CryptoChangeRule().readings(tickers, known: [], previous: [:], locale: Locale(identifier: "en_US"))
            let move = CryptoMoveRule().readings(tickers, history: history, now: now, locale: Locale(identifier: "en_US"))
            #expect(
                change.map(\.key)
                    == linked.flatMap { [SubjectKey(rule: "crypto_change", subject: $0 + ":up"), SubjectKey(rule: "crypto_change", subject: $0 + ":down")] },
                "poll \(poll)")
            #expect(
                move.map(\.key)
                    == linked.flatMap { [SubjectKey(rule: "crypto_move", subject: $0 + ":rise"), SubjectKey(rule: "crypto_move", subject: $0 + ":fall")] },
                "poll \(poll)")
        }
    }
}
