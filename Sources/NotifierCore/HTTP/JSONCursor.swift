import Foundation

/// A strict reader of JSON bytes for a feed's one-pass fast path: it checks what it passes over as
/// JSON and hands back where the values it reads lie. It answers "no" (`nil`, `false`) wherever
/// it is unsure, and the feed then gives the whole body to JSONDecoder: the fast path must never
/// decide what JSONDecoder would decide differently. Feeds test that side by side, on their samples
/// and on mangled copies of them.
public struct JSONCursor {
    /// What strings may hold.
    public enum Text: Sendable {
        /// Printable ASCII (and DEL) without escapes, read or passed over: a body as CoinLore sends it.
        case plainASCII
        /// UTF-8, checked once for the whole body; escapes only in strings passed over (a string
        /// read with an escape is left to JSONDecoder, which decodes it).
        case utf8
    }

    @usableFromInline let bytes: UnsafeRawBufferPointer
    /// What its strings may hold.
    @usableFromInline let strings: Text
    /// Where the next byte is read.
    public var index = 0

    /// Deeper than this, the values it passes over go to JSONDecoder (which has its own limit).
    public static let maxDepth = 32

    /// `nil` where `text` is `.utf8` and the bytes are not UTF-8.
    public init?(_ bytes: UnsafeRawBufferPointer, text: Text) {
        // Checked where it lies: `String(validating:)` would copy the whole body first.
        if case .utf8 = text, (try? UTF8Span(validating: bytes.assumingMemoryBound(to: UInt8.self).span)) == nil { return nil }
        self.bytes = bytes
        strings = text
    }

    /// The bytes of `range`, as `string()` and `number()` return them.
    public subscript(range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[range])
    }

    /// The next byte after whitespace, not taken.
    @inlinable public mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// Nothing but whitespace left.
    public mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    /// Any JSON value, checked and passed over; `depth`: how deep it lies.
    public mutating func skipValue(depth: Int) -> Bool {
        skipWhitespace()
        guard index < bytes.count, depth <= Self.maxDepth else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""): return skipString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number() != nil
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        case UInt8(ascii: "["):
            index += 1
            if take(UInt8(ascii: "]")) { return true }
            repeat {
                guard skipValue(depth: depth + 1) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]"))
        case UInt8(ascii: "{"):
            index += 1
            if take(UInt8(ascii: "}")) { return true }
            repeat {
                guard skipString(), take(UInt8(ascii: ":")), skipValue(depth: depth + 1) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}"))
        default: return false
        }
    }

    /// The contents of a string without escapes, or `nil`.
    public mutating func string() -> Range<Int>? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                index = end + 1
                return start..<end
            }
            guard byte >= 0x20, byte != UInt8(ascii: "\\"), byte < 0x80 || strings == .utf8 else { return nil }
            end += 1
        }
        return nil
    }

    /// `string()` as text.
    public mutating func text() -> String? {
        string().map { String(decoding: self[$0], as: UTF8.self) }
    }

    /// An integer as written, without fraction or exponent, within `Int`: as JSONDecoder reads
    /// one into an `Int` (anything else is left to it).
    public mutating func integer() -> Int? {
        guard let token = number(), self[token].allSatisfy({ $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) }) else { return nil }
        return Int(String(decoding: self[token], as: UTF8.self))
    }

    /// A string, escapes allowed where the text is UTF-8 (but those of a lone surrogate, which
    /// decoders answer differently).
    private mutating func skipString() -> Bool {
        guard strings == .utf8 else { return string() != nil }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
        var end = index + 1
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                index = end + 1
                return true
            }
            guard byte >= 0x20 else { return false }
            end += 1
            guard byte == UInt8(ascii: "\\") else { continue }
            guard end < bytes.count else { return false }
            let escaped = bytes[end]
            end += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
                UInt8(ascii: "r"), UInt8(ascii: "t"):
                continue
            case UInt8(ascii: "u"):
                var unit = 0
                for _ in 0..<4 {
                    guard end < bytes.count, let digit = Self.hexDigit(bytes[end]) else { return false }
                    unit = unit << 4 | digit
                    end += 1
                }
                guard !(0xD800...0xDFFF).contains(unit) else { return false }
            default: return false
            }
        }
        return false
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    /// A number as JSON writes one: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    public mutating func number() -> Range<Int>? {
        skipWhitespace()
        let start = index
        _ = take(UInt8(ascii: "-"), skippingWhitespace: false)
        if take(UInt8(ascii: "0"), skippingWhitespace: false) {
            // No leading zeros.
        } else if digits() == 0 {
            return nil
        }
        if take(UInt8(ascii: "."), skippingWhitespace: false), digits() == 0 { return nil }
        if take(UInt8(ascii: "e"), skippingWhitespace: false) || take(UInt8(ascii: "E"), skippingWhitespace: false) {
            _ = take(UInt8(ascii: "+"), skippingWhitespace: false) || take(UInt8(ascii: "-"), skippingWhitespace: false)
            if digits() == 0 { return nil }
        }
        return start..<index
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    /// `true`, `false` or `null`, as written.
    public mutating func literal(_ word: StaticString) -> Bool {
        skipWhitespace()
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        for offset in 0..<length where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += length
        return true
    }

    /// `byte` next (after whitespace), taken.
    @inlinable public mutating func take(_ byte: UInt8, skippingWhitespace: Bool = true) -> Bool {
        if skippingWhitespace { skipWhitespace() }
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    @inlinable public mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Whether the bytes of `range` are `word`'s.
    public func equals(_ range: Range<Int>, _ word: [UInt8]) -> Bool {
        range.count == word.count && word.indices.allSatisfy { bytes[range.lowerBound + $0] == word[$0] }
    }
}
