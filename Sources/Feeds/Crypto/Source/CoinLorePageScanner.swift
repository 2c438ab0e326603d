import Foundation

/// One pass over a `/tickers/` page as CoinLore sends it: `{"data":[{…},…],…}` with flat ticker
/// objects, ASCII strings without escapes, plain numbers. It checks the whole body as strict JSON and
/// reads only the fields a ticker is made of. Anything outside that (an escape, non-ASCII text, a
/// repeated field, deep nesting, an exponent in a number it reads, a body that is not JSON) makes it
/// answer `nil`, and JSONDecoder reads the body as before: this pass never decides what that
/// path would decide differently (a test runs both over the samples and over mangled ones).
struct CoinLorePageScanner {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    /// Deeper than this, the values it skips go to JSONDecoder (which has its own limit).
    private static let maxDepth = 32
    private static let keys = TickerFields.Key.allCases.map { Array($0.name.utf8) }
    private static let dataKey = Array("data".utf8)

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The page's entries, or `nil` to leave the body to JSONDecoder.
    static func entries(_ data: Data) -> [RawTicker]? {
        data.withUnsafeBytes { buffer in
            var scanner = CoinLorePageScanner(buffer)
            return scanner.page()
        }
    }

    private mutating func page() -> [RawTicker]? {
        var entries: [RawTicker]?
        guard take(UInt8(ascii: "{")) else { return nil }
        repeat {
            guard let key = string() else { return nil }
            guard take(UInt8(ascii: ":")) else { return nil }
            if equals(key, Self.dataKey) {
                guard entries == nil, let tickers = tickers() else { return nil }
                entries = tickers
            } else if !skipValue(depth: 1) {
                return nil
            }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")) else { return nil }
        skipWhitespace()
        return index == bytes.count ? entries : nil
    }

    private mutating func tickers() -> [RawTicker]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var entries: [RawTicker] = []
        if take(UInt8(ascii: "]")) { return entries }
        repeat {
            guard let fields = tickerFields() else { return nil }
            entries.append(RawTicker(fields))
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? entries : nil
    }

    private mutating func tickerFields() -> TickerFields? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var fields = TickerFields()
        if take(UInt8(ascii: "}")) { return fields }
        repeat {
            guard let key = string(), take(UInt8(ascii: ":")) else { return nil }
            guard let field = Self.keys.firstIndex(where: { equals(key, $0) }).flatMap(TickerFields.Key.init(rawValue:)) else {
                guard skipValue(depth: 3) else { return nil }
                continue
            }
            guard fields[field] == nil, let value = scalar() else { return nil }
            fields[field] = value
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? fields : nil
    }

    /// A field's value as `Scalar` reads it.
    private mutating func scalar() -> Scalar? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return string().map { .string(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[$0]), as: UTF8.self)) }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard let token = number() else { return nil }
            let decimal = UnsafeRawBufferPointer(rebasing: bytes[token]).withMemoryRebound(to: UInt8.self) { ExactDecimal.parsePlain($0) }
            return decimal.map { .number($0) }
        case UInt8(ascii: "n"):
            return literal("null") ? .null : nil
        default:
            return skipValue(depth: 3) ? .other : nil
        }
    }

    /// Any JSON value, checked and passed over.
    private mutating func skipValue(depth: Int) -> Bool {
        skipWhitespace()
        guard index < bytes.count, depth <= Self.maxDepth else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""): return string() != nil
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
                guard string() != nil, take(UInt8(ascii: ":")), skipValue(depth: depth + 1) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}"))
        default: return false
        }
    }

    /// The contents of a string: printable ASCII (and DEL) without escapes, or `nil`.
    private mutating func string() -> Range<Int>? {
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
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
            end += 1
        }
        return nil
    }

    /// A number as JSON writes one: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() -> Range<Int>? {
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

    private mutating func literal(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        for offset in 0..<length where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += length
        return true
    }

    private mutating func take(_ byte: UInt8, skippingWhitespace: Bool = true) -> Bool {
        if skippingWhitespace { skipWhitespace() }
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func equals(_ range: Range<Int>, _ word: [UInt8]) -> Bool {
        range.count == word.count && word.indices.allSatisfy { bytes[range.lowerBound + $0] == word[$0] }
    }
}
