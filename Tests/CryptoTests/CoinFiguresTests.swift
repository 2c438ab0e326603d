import Foundation
import NotifierEngine
import Testing

@testable import NotifierCrypto

/// The coin view's supply figures go through the money style, rounded first: the same text as
/// a style of two decimals would give, but for a negative that rounds to nothing, "0" and not
/// that style's "-0" (no supply is negative, but a feed's figure may be anything).
@Suite struct CoinFiguresTests {
    @Test func amountsReadAsTwoDecimalsWould() throws {
        var generator = SeededGenerator(seed: 29)
        var values: [Decimal] = ["0", "0.005", "0.015", "0.025", "1.995", "2.5", "-0.005", "-1.015", "19760834", "21000000.125", "0.0049999999999"]
            .map { Decimal(string: $0)! }
        for _ in 0..<3000 {
            let digits = String((0..<Int.random(in: 1...20, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
            let point = Int.random(in: 0...digits.count, using: &generator)
            let text = (Bool.random(using: &generator) ? "-" : "") + digits.prefix(point) + "." + digits.dropFirst(point) + "0"
            values.append(try #require(Decimal(string: text), "\(text)"))
        }
        for value in values {
            var reference = value.formatted(.number.locale(.current).precision(.fractionLength(0...2)))
            if reference == "-0" { reference = "0" }
            #expect(OpenCrypto.amount(value) == reference, "\(value)")
        }
        #expect(OpenCrypto.amount(nil) == "n/a")
        #expect(
            OpenCrypto.money(Decimal(string: "99584.59")) == "$"
                + Decimal(string: "99584.59")!.formatted(.number.locale(.current).precision(.fractionLength(0...12))))
    }
}
