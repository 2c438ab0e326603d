import Foundation
@_spi(SwiftCorelibsFoundation) import FoundationEssentials

/// Foundation's answers about `Decimal`, without its cost where a poll pays it per coin: on Linux
/// `Decimal(string:)` and the comparison operators normalise through heap-allocated digit arrays
/// (about a microsecond each), and `NSDecimalNumber(decimal:).doubleValue` allocates an object.
/// Each function returns exactly what the Foundation call it names returns (tests check them side by
/// side) and hands anything it cannot be sure of to that call.
public enum ExactDecimal {
    /// `Decimal(string:)` of plain decimal text (`-123.4500`, `+.5`, `7.`): at most 19 significant
    /// digits, no exponent, not zero; `nil` for anything else. The same value, in the same
    /// (compact) representation: trailing zeros dropped into the exponent.
    public static func parsePlain(_ text: UnsafeBufferPointer<UInt8>) -> Decimal? {
        var index = 0
        var negative = false
        if let first = text.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            index = 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while index < text.count {
            let byte = text[index]
            index += 1
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            digits += 1
            if seenPoint { fractionDigits += 1 }
            guard mantissa != 0 || byte != UInt8(ascii: "0") else { continue }
            significant += 1
            guard significant <= 19 else { return nil }
            mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        guard digits > 0, mantissa != 0, fractionDigits <= 60 else { return nil }
        var exponent = -fractionDigits
        while mantissa % 10 == 0 {
            mantissa /= 10
            exponent += 1
        }
        return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(mantissa))
    }

    /// `Decimal(string:)` of text that `parsePlain` takes; else Foundation's own parse, in
    /// `locale`, made only then (a `Locale` costs 0.2 ms the first time: a view reads a few prices).
    public static func parse(_ text: String, locale: @autoclosure () -> Locale) -> Decimal? {
        var text = text
        let plain = text.withUTF8 { parsePlain($0) }
        return plain ?? Decimal(string: text, locale: locale())
    }

    /// `NSDecimalNumber(decimal: value).doubleValue`: the conversion that call makes, without the
    /// object around it, and bit for bit as it makes it (`Decimal._doubleValue`): its mantissa's
    /// words summed into a double, which is exact below 2^53, then one division or multiplication
    /// by ten per power. A poll converts every coin's price; Foundation's sum reads the words one
    /// by one through a subscript, which cost more than the divisions.
    @inline(__always)
    public static func double(_ value: Decimal) -> Double {
        let fields = DecimalFields(value)
        // Words past the length are not the value's.
        let mantissa = fields.length >= 8 ? fields.mantissa : fields.mantissa & ((1 << (16 * fields.length)) - 1)
        guard fields.length != 0, mantissa >> 53 == 0 else { return value._doubleValue }
        var double = Double(UInt64(truncatingIfNeeded: mantissa))
        if fields.exponent < 0 {
            for _ in fields.exponent..<0 { double /= 10 }
        } else {
            for _ in 0..<fields.exponent { double *= 10 }
        }
        return fields.negative ? -double : double
    }

    /// `lhs < rhs`. Two doubles within 1e-12 of each other (relative) may not tell the order of the
    /// decimals they approximate (the conversion errs by well under 1e-13), so those, and NaN, go
    /// to Foundation; identical representations are equal, so not less.
    public static func isLess(_ lhs: Decimal, _ rhs: Decimal) -> Bool {
        isLess(lhs, DecimalFields(lhs), rhs, DecimalFields(rhs))
    }

    /// `isLess` of two decimals whose fields are read already (a loop comparing many with one
    /// reads each once).
    static func isLess(_ lhs: Decimal, _ left: DecimalFields, _ rhs: Decimal, _ right: DecimalFields) -> Bool {
        if let order = alignedOrder(left, right) { return order < 0 }
        if isIdentical(lhs, rhs) { return false }
        return isLess(approximately: lhs._doubleValue, rhs._doubleValue) ?? (lhs < rhs)
    }

    /// `isLess` of two decimals told by their doubles alone, where those are further apart than
    /// the conversion's error (1e-12, relative) and finite; `nil` where they cannot tell it.
    static func isLess(approximately left: Double, _ right: Double) -> Bool? {
        guard left.isFinite, right.isFinite, abs(left - right) > 1e-12 * max(abs(left), abs(right)) else { return nil }
        return left < right
    }

    /// `0 < value`: not negative, not zero, not NaN (zero and NaN have no mantissa words).
    public static func isPositive(_ value: Decimal) -> Bool {
        let flags = DecimalFields.flags(value)
        return flags.length != 0 && !flags.negative
    }

    /// The order of two non-zero decimals whose mantissas, aligned to one exponent, fit 64 bits:
    /// compared exactly, as Foundation compares them once it has aligned them; `nil` otherwise.
    static func alignedOrder(_ lhs: Decimal, _ rhs: Decimal) -> Int? {
        alignedOrder(DecimalFields(lhs), DecimalFields(rhs))
    }

    static func alignedOrder(_ left: DecimalFields, _ right: DecimalFields) -> Int? {
        guard let leftMantissa = left.narrowMantissa, let rightMantissa = right.narrowMantissa else { return nil }
        if left.negative != right.negative { return left.negative ? -1 : 1 }
        let exponent = min(left.exponent, right.exponent)
        guard let leftAligned = DecimalFields.scaled(leftMantissa, by: left.exponent - exponent),
            let rightAligned = DecimalFields.scaled(rightMantissa, by: right.exponent - exponent)
        else { return nil }
        let magnitude = leftAligned < rightAligned ? -1 : leftAligned == rightAligned ? 0 : 1
        return left.negative ? -magnitude : magnitude
    }

    /// `range.contains(value)`.
    public static func contains(_ range: ClosedRange<Decimal>, _ value: Decimal) -> Bool {
        !isLess(value, range.lowerBound) && !isLess(range.upperBound, value)
    }

    /// The same bits: the same value (Foundation's `==` says so for any two such, NaN included).
    static func isIdentical(_ lhs: Decimal, _ rhs: Decimal) -> Bool {
        withUnsafeBytes(of: lhs) { left in
            withUnsafeBytes(of: rhs) { right in isIdentical(left.baseAddress!, right.baseAddress!) }
        }
    }

    /// `isIdentical` of two decimals where they lie (in an array, say), without copying either.
    static func isIdentical(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        // Eight bytes at a time rather than `elementsEqual`'s one.
        var offset = 0
        while offset + 8 <= MemoryLayout<Decimal>.size {
            guard lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < MemoryLayout<Decimal>.size {
            guard lhs.load(fromByteOffset: offset, as: UInt8.self) == rhs.load(fromByteOffset: offset, as: UInt8.self) else { return false }
            offset += 1
        }
        return true
    }
}
