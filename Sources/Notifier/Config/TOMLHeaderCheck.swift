/// Finds table headers that toml++ (inside TOMLKit) cannot survive: it asserts, aborting the
/// program, when a header's `[` or `[[` is followed by neither a key nor `]` (`[=]`, `[#`, `[` at
/// the end of a line), because SwiftPM builds it without NDEBUG (and with NDEBUG the same input
/// is undefined behaviour). The loader refuses such text before TOMLKit reads it. Found by
/// `scripts/fuzz config`.
enum TOMLHeaderCheck {
    /// The line of the first such header, outside strings and comments; `nil` if none.
    static func badHeaderLine(in text: String) -> Int? {
        let bytes = Array(text.utf8)
        // toml++ skips a byte order mark, after which the first line starts.
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var atLineStart = true
        // Open `[` and `{` of values: a line starting with `[` inside an array is not a header.
        var depth = 0

        func byte(_ offset: Int = 0) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        func skipBlanks() { while byte() == .space || byte() == .tab { index += 1 } }
        func starts(with quote: UInt8, count: Int) -> Bool { (0..<count).allSatisfy { byte($0) == quote } }
        /// Moves past a string that starts at `index`, counting the lines of multi-line ones.
        func skipString(_ quote: UInt8) {
            let multiline = starts(with: quote, count: 3)
            index += multiline ? 3 : 1
            while let current = byte() {
                if current == .backslash, quote == .doubleQuote {
                    if byte(1) == .newline { line += 1 }
                    index += 2
                } else if multiline ? starts(with: quote, count: 3) : current == quote {
                    index += multiline ? 3 : 1
                    return
                } else if current == .newline {
                    guard multiline else { return }
                    line += 1
                    index += 1
                } else {
                    index += 1
                }
            }
        }

        while let current = byte() {
            if atLineStart, current == .space || current == .tab {
                index += 1
                continue
            }
            if atLineStart, current == .openBracket, depth == 0 {
                atLineStart = false
                index += 1
                skipBlanks()
                if byte() == .openBracket, bytes[index - 1] == .openBracket {
                    index += 1
                    skipBlanks()
                }
                if let next = byte(), !(next.isBareKeyByte || next == .doubleQuote || next == .singleQuote || next == .closeBracket) {
                    return line
                }
                continue
            }
            atLineStart = false
            switch current {
            case .newline:
                line += 1
                atLineStart = true
                index += 1
            case .hash:
                while let next = byte(), next != .newline { index += 1 }
            case .doubleQuote, .singleQuote:
                skipString(current)
            case .openBracket, .openBrace:
                depth += 1
                index += 1
            case .closeBracket, .closeBrace:
                depth = max(0, depth - 1)
                index += 1
            default:
                index += 1
            }
        }
        return nil
    }
}

private extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let hash = UInt8(ascii: "#")
    static let backslash = UInt8(ascii: "\\")
    static let doubleQuote = UInt8(ascii: "\"")
    static let singleQuote = UInt8(ascii: "'")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")

    /// TOML's bare keys: ASCII letters, digits, `_` and `-`.
    var isBareKeyByte: Bool {
        (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || (0x30...0x39).contains(self) || self == 0x5F || self == 0x2D
    }
}
