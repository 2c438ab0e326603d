import NotifierCore
import NotifierEngine

/// Whether a jq program is a plain path, byte by byte (jq's lexer reads bytes too):
///
///     program = ws path (ws "|" ws path)* ws
///     path    = "." | leading (leading | bracket)*
///     leading = "." identifier | "." bracket | pointer step
///     bracket = "[" (digits | string)? "]"     (1 to 9 ASCII digits; a string without `\(`)
///
/// where a pointer step is `(if type == "array" then .[N] else .["N"] end)`, as
/// `WatchSelector.pointerProgram` writes it. Anything else is not plain.
struct PlainPathScanner {
    private let bytes: [UInt8]
    private var at = 0

    init(_ program: String) {
        bytes = Array(program.utf8)
    }

    mutating func matchesWhole() -> Bool {
        skipSpace()
        guard path() else { return false }
        skipSpace()
        while take(UInt8(ascii: "|")) {
            skipSpace()
            guard path() else { return false }
            skipSpace()
        }
        return at == bytes.count
    }

    private var next: UInt8? { at < bytes.count ? bytes[at] : nil }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard next == byte else { return false }
        at += 1
        return true
    }

    private mutating func skipSpace() {
        while let byte = next, byte == 0x20 || (0x09...0x0D).contains(byte) { at += 1 }
    }

    private mutating func path() -> Bool {
        guard leading() else { return take(UInt8(ascii: ".")) }
        while next == UInt8(ascii: "[") ? bracket() : leading() {}
        return true
    }

    /// One leading step, consuming nothing when there is none here.
    private mutating func leading() -> Bool {
        let start = at
        if next == UInt8(ascii: "(") { return pointerStep() || reset(to: start) }
        guard take(UInt8(ascii: ".")) else { return false }
        if next == UInt8(ascii: "[") { return bracket() || reset(to: start) }
        guard let first = next, first.isIdentifierStart else { return reset(to: start) }
        at += 1
        while let byte = next, byte.isIdentifierStart || byte.isDigit { at += 1 }
        return true
    }

    private mutating func bracket() -> Bool {
        let start = at
        guard take(UInt8(ascii: "[")) else { return false }
        if next == UInt8(ascii: "\"") {
            guard string() else { return reset(to: start) }
        } else if next?.isDigit == true {
            guard digits() else { return reset(to: start) }
        }
        return take(UInt8(ascii: "]")) || reset(to: start)
    }

    /// 1 to 9 ASCII digits.
    private mutating func digits() -> Bool {
        let start = at
        while let byte = next, byte.isDigit { at += 1 }
        return (1...9).contains(at - start) || reset(to: start)
    }

    /// A quoted string whose escapes are anything but `\(`.
    private mutating func string() -> Bool {
        let start = at
        guard take(UInt8(ascii: "\"")) else { return false }
        while let byte = next {
            at += 1
            switch byte {
            case UInt8(ascii: "\""): return true
            case UInt8(ascii: "\\"):
                guard let escaped = next, escaped != UInt8(ascii: "(") else { return reset(to: start) }
                at += 1
            default: break
            }
        }
        return reset(to: start)
    }

    private mutating func pointerStep() -> Bool {
        let start = at
        let matched =
            literal(#"(if type == "array" then .["#) && digits() && literal(#"] else .[""#) && digits() && literal(#""] end)"#)
        return matched || reset(to: start)
    }

    private mutating func literal(_ text: String) -> Bool {
        let count = text.utf8.count
        guard bytes.count - at >= count, bytes[at..<at + count].elementsEqual(text.utf8) else { return false }
        at += count
        return true
    }

    /// Always `false`, after putting the position back.
    private mutating func reset(to position: Int) -> Bool {
        at = position
        return false
    }
}

extension UInt8 {
    fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
    fileprivate var isIdentifierStart: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || self == UInt8(ascii: "_")
    }
}
