import Foundation

/// The percent change `(new − old) / old × 100` as `Double`, bit for bit what Foundation's
/// `Decimal` arithmetic and `ExactDecimal.double` give: a coin's move where its estimate cannot
/// decide (`PercentEstimate`), and wherever it is kept or shown. The value is stored (the measure
/// last shown) and compared with thresholds, so it may not move in its last bit; Foundation's
/// three operations cost microseconds on Linux. The steps below are Foundation's
/// own (swift-foundation's Decimal+Math.swift): the subtraction aligns exponents and is exact;
/// the division is `⌊a·10³⁸ / b⌋`, cut to 128 bits by dividing by 10 (rounding down), then
/// compacted; × 100 adds 2 to the exponent; the conversion is the mantissa's 16-bit words in
/// doubles, then one division by 10 per negative exponent. Operands whose mantissas or aligned
/// values do not fit 64 bits, zeros, NaN and exponents out of range take Foundation's path.
extension ExactDecimal {
    public static func percentChange(from old: Decimal, to new: Decimal) -> Double {
        percentChanges([(old, new)])[0]
    }

    /// `percentChange` of each pair. The conversions' divisions by 10 run several pairs side by
    /// side: each pair's chain is serial (dozens of dependent divisions), the pairs are not.
    public static func percentChanges(_ pairs: [(from: Decimal, to: Decimal)]) -> [Double] {
        var results = [Double](repeating: 0, count: pairs.count)
        var chains: [(index: Int, start: Double, divisions: Int)] = []
        chains.reserveCapacity(pairs.count)
        for (index, pair) in pairs.enumerated() {
            guard let quotient = QuotientParts(old: pair.from, new: pair.to) else {
                results[index] = double((pair.to - pair.from) / pair.from * 100)
                continue
            }
            let start = quotient.mantissaDouble
            if quotient.exponent >= 0 {
                var value = start
                for _ in 0..<quotient.exponent { value *= 10 }
                results[index] = quotient.negative ? -value : value
            } else {
                results[index] = quotient.negative ? -1 : 1 // the sign, until the chain's result
                chains.append((index, start, -quotient.exponent))
            }
        }
        divideByTen(chains, into: &results)
        return results
    }

    /// Runs each chain's divisions by 10, eight chains a step, and multiplies in the sign kept in `results`.
    private static func divideByTen(_ chains: [(index: Int, start: Double, divisions: Int)], into results: inout [Double]) {
        var first = 0
        while first < chains.count {
            let lanes = min(8, chains.count - first)
            var values = SIMD8<Double>(repeating: 0)
            // Counted in doubles: SSE2 has no 64-bit integer comparison, and a lane that is done
            // divides by 1, which leaves it exactly as it is.
            var left = SIMD8<Double>(repeating: 0)
            for lane in 0..<lanes {
                values[lane] = chains[first + lane].start
                left[lane] = Double(chains[first + lane].divisions)
            }
            let (ten, one) = (SIMD8<Double>(repeating: 10), SIMD8<Double>(repeating: 1))
            for _ in 0..<Int(left.max()) {
                values = values / ten.replacing(with: one, where: left .<= 0)
                left -= one
            }
            for lane in 0..<lanes {
                let index = chains[first + lane].index
                results[index] = results[index] < 0 ? -values[lane] : values[lane]
            }
            first += lanes
        }
    }
}

/// A Decimal's fields, read from its bytes (swift-foundation's layout: exponent, flags, reserved,
/// eight 16-bit mantissa words, least significant first).
struct DecimalFields {
    var exponent: Int
    var length: Int
    var negative: Bool
    var mantissa: UInt128

    init(_ value: Decimal) {
        (exponent, length, negative, mantissa) = withUnsafeBytes(of: value) { raw in
            var mantissa: UInt128 = 0
            #if _endian(little)
                // The words in two loads rather than eight: a window's prices are read by the thousand.
                let low = raw.loadUnaligned(fromByteOffset: 4, as: UInt64.self)
                let high = raw.loadUnaligned(fromByteOffset: 12, as: UInt64.self)
                mantissa = UInt128(high) << 64 | UInt128(low)
            #else
                for word in (0..<8).reversed() {
                    mantissa = mantissa << 16 | UInt128(raw.loadUnaligned(fromByteOffset: 4 + 2 * word, as: UInt16.self))
                }
            #endif
            return (Int(raw.load(fromByteOffset: 0, as: Int8.self)), Int(raw[1] >> 4), raw[1] & 0b1000 != 0, mantissa)
        }
    }

    /// The mantissa when it is within 64 bits and not zero: a value Foundation's own arithmetic
    /// makes. A length that does not match the words (only hand-made values have one) is `nil`.
    var narrowMantissa: UInt64? {
        guard (1...4).contains(length), mantissa != 0, mantissa >> 64 == 0 else { return nil }
        return UInt64(mantissa)
    }

    /// The length and sign alone.
    static func flags(_ value: Decimal) -> (length: Int, negative: Bool) {
        withUnsafeBytes(of: value) { raw in (Int(raw[1] >> 4), raw[1] & 0b1000 != 0) }
    }

    /// `value · 10^power`, `nil` past 64 bits.
    static func scaled(_ value: UInt64, by power: Int) -> UInt64? {
        guard power <= 19 else { return nil }
        var value = value
        for _ in 0..<power {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = product
        }
        return value
    }
}

/// `(new − old) / old × 100` in Foundation's representation, where the fast path is sure of it.
struct QuotientParts {
    var mantissa: UInt128
    var exponent: Int
    var negative: Bool

    init?(old: Decimal, new: Decimal) {
        let old = DecimalFields(old)
        let new = DecimalFields(new)
        // Zero (length 0) and NaN (length 0, negative) go to Foundation, as do wide mantissas.
        guard let oldMantissa = old.narrowMantissa, let newMantissa = new.narrowMantissa else { return nil }
        // new − old: the operand with the larger exponent is scaled to the other's (exact, or Foundation).
        let exponent = min(old.exponent, new.exponent)
        guard let newAligned = DecimalFields.scaled(newMantissa, by: new.exponent - exponent),
            let oldAligned = DecimalFields.scaled(oldMantissa, by: old.exponent - exponent)
        else { return nil }
        var difference: UInt64
        var differenceNegative: Bool
        if new.negative != old.negative {
            // Magnitudes add, with new's sign.
            let (sum, overflow) = newAligned.addingReportingOverflow(oldAligned)
            guard !overflow else { return nil }
            (difference, differenceNegative) = (sum, new.negative)
        } else if newAligned == oldAligned {
            // Foundation's zero: zero divided and multiplied stays zero, which converts to +0.
            (mantissa, self.exponent, negative) = (0, 0, false)
            return
        } else if newAligned > oldAligned {
            (difference, differenceNegative) = (newAligned - oldAligned, new.negative)
        } else {
            (difference, differenceNegative) = (oldAligned - newAligned, !old.negative)
        }
        var differenceExponent = exponent
        while difference % 10 == 0 {
            difference /= 10
            differenceExponent += 1
        }
        guard differenceExponent <= Int(Int8.max), differenceExponent - old.exponent < 19 else { return nil }
        // ÷ old: ⌊difference·10³⁸ / old⌋, cut to eight 16-bit words, rounding down.
        var quotient = Wide.dividing(Wide.times1e38(difference), by: oldMantissa)
        var cut = 0
        while quotient.bitWidth > 144 {
            quotient = quotient.dividedByShort(10_000)
            cut += 4
        }
        while quotient.bitWidth > 128 {
            quotient = quotient.dividedByShort(10)
            cut += 1
        }
        var result = UInt128(quotient.low) | UInt128(quotient.middle) << 64
        var resultExponent = differenceExponent - old.exponent - 38 + cut
        guard resultExponent >= Int(Int8.min), resultExponent <= Int(Int8.max) else { return nil }
        while Self.lastDigitIsZero(result) {
            result /= 10
            resultExponent += 1
        }
        // × 100 is Decimal(100): mantissa 1, exponent 2.
        resultExponent += 2
        guard resultExponent <= Int(Int8.max) else { return nil }
        (mantissa, self.exponent, negative) = (result, resultExponent, differenceNegative != old.negative)
    }

    /// The doubles Foundation's conversion starts from: the words, most significant first.
    var mantissaDouble: Double {
        var value = 0.0
        let words = (128 - mantissa.leadingZeroBitCount + 15) / 16
        for word in (0..<words).reversed() {
            value = value * 65536 + Double(UInt16(truncatingIfNeeded: mantissa >> (16 * word)))
        }
        return value
    }

    /// Without a 128-bit division: 2⁶⁴ ≡ 6 (mod 10).
    private static func lastDigitIsZero(_ value: UInt128) -> Bool {
        (UInt64(truncatingIfNeeded: value >> 64) % 10 * 6 + UInt64(truncatingIfNeeded: value) % 10) % 10 == 0
    }
}

/// A 192-bit unsigned integer, for `difference · 10³⁸` and its quotients.
struct Wide {
    var low: UInt64
    var middle: UInt64
    var high: UInt64

    var bitWidth: Int {
        if high != 0 { return 192 - high.leadingZeroBitCount }
        if middle != 0 { return 128 - middle.leadingZeroBitCount }
        return 64 - low.leadingZeroBitCount
    }

    static func times1e38(_ value: UInt64) -> Wide {
        let power: UInt128 = 100_000_000_000_000_000_000_000_000_000_000_000_000
        let lowProduct = value.multipliedFullWidth(by: UInt64(truncatingIfNeeded: power))
        let highProduct = value.multipliedFullWidth(by: UInt64(truncatingIfNeeded: power >> 64))
        let (middle, carry) = lowProduct.high.addingReportingOverflow(highProduct.low)
        return Wide(low: lowProduct.low, middle: middle, high: highProduct.high + (carry ? 1 : 0))
    }

    static func dividing(_ value: Wide, by divisor: UInt64) -> Wide {
        let high = value.high / divisor
        let middle = divisor.dividingFullWidth((value.high % divisor, value.middle))
        let low = divisor.dividingFullWidth((middle.remainder, value.low))
        return Wide(low: low.quotient, middle: middle.quotient, high: high)
    }

    func dividedByShort(_ divisor: UInt64) -> Wide {
        Self.dividing(self, by: divisor)
    }
}
