import Foundation
import NotifierEngine

/// `ExactDecimal.percentChange` estimated from the two prices' doubles, with a bound on how far
/// the exact value may lie from it. The exact value costs a 128-bit division and dozens of
/// dependent divisions by ten; a poll measures two moves a coin, and nearly all of them are
/// clearly on one side of every level they are compared with and of every rounding of their text.
/// Where one is not, the exact value decides (`isDecisive`).
struct PercentEstimate {
    var value: Double
    /// How far the exact value may lie from `value`, at most.
    var margin: Double

    /// The relative error of `ExactDecimal.double`, at most: Foundation's conversion rounds at
    /// most eight times making the mantissa's words a double and once per power of ten, of which
    /// there are at most 128; half an ulp each is 136 × 1.1e-16 ≈ 1.5e-14.
    static let conversionError = 2e-14

    /// From the prices' doubles as `ExactDecimal.double` makes them; `nil` where there is no
    /// estimate to make (an old price not positive, a value not finite): the exact value then.
    private init?(from old: Double, to new: Double) {
        guard old > 0, old.isFinite, new.isFinite else { return nil }
        let value = (new - old) / old * 100
        guard value.isFinite else { return nil }
        // Each price errs by `conversionError` of itself, which the subtraction keeps in absolute
        // terms (so a small move of large prices is the least sure); the division, × 100 and the
        // exact value's own conversion add a few roundings of the result. Doubled, for room.
        let error = Self.conversionError
        self.value = value
        self.margin = 2 * (100 * error * (abs(new) + old) / old + abs(value) * (2 * error + 4 * Double.ulpOfOne))
    }

    /// No change: the same price stored again, which Foundation's arithmetic makes +0 exactly.
    static let unchanged = PercentEstimate(value: 0, margin: 0)

    private init(value: Double, margin: Double) {
        self.value = value
        self.margin = margin
    }

    /// The estimate of the change from `old` to `new`, whose doubles are `oldDouble` and `newDouble`.
    init?(from old: Decimal, _ oldDouble: Double, to new: Decimal, _ newDouble: Double) {
        // A price unchanged is common (a quiet coin, a price at the window's low or high), and a
        // zero estimate is never decisive by its margin.
        if oldDouble == newDouble, ExactDecimal.isIdentical(old, new) {
            self = .unchanged
            return
        }
        self.init(from: oldDouble, to: newDouble)
    }

    /// Whether every value within the margin gives the same signal against `threshold` and the
    /// same text: the estimate can stand for the exact value in the reading. An exact one can.
    func isDecisive(for threshold: Threshold?) -> Bool {
        guard margin > 0 else { return true }
        if let threshold, abs(value - threshold.fireLevel) <= margin || abs(value - threshold.rearmLevel) <= margin { return false }
        return abs(value) > margin && CryptoChangeRule.percentTextIsSure(value, within: margin)
    }
}
