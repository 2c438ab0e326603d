import NotifierEngine

/// Finds the TOML that toml++ (inside TOMLKit) cannot survive: on some malformed input it
/// asserts, aborting the program, because SwiftPM builds it without NDEBUG (and with NDEBUG the
/// same input would be undefined behaviour). The loader refuses such text before TOMLKit reads
/// it. Each case was found by `scripts/fuzz config`:
/// - a table header whose `[` or `[[` is followed by neither a key nor `]` (`[=]`, `[` at a line end);
/// - an array element that starts with `}` (`a = [}`, `a = [1, }`);
/// - a NUL character, raw or escaped (`"a\u0000b" = 1`): TOMLKit hands keys and strings over as
///   C strings, so a key is cut at the NUL, no longer found, and TOMLKit's iterator traps;
/// - a value that starts as a date and breaks off its time: `1979-05-27T` and no digit
///   (`1979-05-27T:`), or a space and one digit that ends the value (`1979-05-27 0`).
/// It also names a string with no closing quote, which toml++ reports as "unescaped control
/// characters" (the line end it ran into) or as an unexpected end of file, and a key or table
/// header of more than `maxKeyParts` dotted parts: toml++ nests a table per part, and 100,000
/// of them overflow the stack of what reads the tables (no config has more than five).
package enum TOMLPreflight {
    package struct Problem: Equatable {
        package var line: Int
        package var message: String
    }

    package static let maxKeyParts = 64

    /// The first such place, outside strings and comments; `nil` if none.
    package static func problem(in text: String) -> Problem? {
        let bytes = Array(text.utf8)
        if let nul = bytes.firstIndex(of: 0) {
            let line = bytes[..<nul].count(where: { $0 == .newline }) + 1
            return Problem(line: line, message: "a NUL byte (is this a text file?)")
        }
        // toml++ skips a byte order mark, after which the first line starts.
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var atLineStart = true
        // The `[` and `{` of values still open: a line starting with `[` inside an array is no header.
        var open: [UInt8] = []
        // The last byte outside blanks, line ends and comments (a string counts as its quote).
        var previous: UInt8?
        // Found inside a string, where the scan cannot return at once.
        var stringProblem: Problem?
        // The dots of the key or table header being read; `nil` outside keys (values, arrays).
        var keyDots: Int?
        let tooManyParts = "a key or table header has more than \(maxKeyParts) dotted parts"

        func byte(_ offset: Int = 0) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        /// `u0000` or `U00000000` at `start`: the escape of NUL.
        func isEscapedNUL(at start: Int) -> Bool {
            for (letter, digits) in [(UInt8(ascii: "u"), 4), (UInt8(ascii: "U"), 8)] where start < bytes.count && bytes[start] == letter {
                return start + digits < bytes.count && bytes[(start + 1)...(start + digits)].allSatisfy { $0 == UInt8(ascii: "0") }
            }
            return false
        }
        func skipBlanks() { while byte() == .space || byte() == .tab { index += 1 } }
        func starts(with quote: UInt8, count: Int) -> Bool { (0..<count).allSatisfy { byte($0) == quote } }
        /// Moves past a string that starts at `index`, counting the lines of multi-line ones.
        func skipString(_ quote: UInt8) {
            let multiline = starts(with: quote, count: 3)
            let opened = line
            let unclosed = Problem(line: opened, message: "this string has no closing quote (\(quote == .doubleQuote ? "\"" : "'"))")
            index += multiline ? 3 : 1
            while let current = byte() {
                if current == .backslash, quote == .doubleQuote {
                    if byte(1) == .newline { line += 1 }
                    if isEscapedNUL(at: index + 1), stringProblem == nil {
                        stringProblem = Problem(line: line, message: "a string or key holds the NUL character (\\u0000); remove it")
                    }
                    index += 2
                } else if multiline ? starts(with: quote, count: 3) : current == quote {
                    index += multiline ? 3 : 1
                    return
                } else if current == .newline {
                    guard multiline else {
                        if stringProblem == nil { stringProblem = unclosed }
                        return
                    }
                    line += 1
                    index += 1
                } else {
                    index += 1
                }
            }
            if stringProblem == nil { stringProblem = unclosed }
        }

        while let current = byte() {
            if atLineStart, current == .space || current == .tab {
                index += 1
                continue
            }
            if atLineStart, current == .openBracket, open.isEmpty {
                atLineStart = false
                keyDots = 0
                index += 1
                skipBlanks()
                if byte() == .openBracket, bytes[index - 1] == .openBracket {
                    index += 1
                    skipBlanks()
                }
                if let next = byte(), !(next.isBareKeyByte || next == .doubleQuote || next == .singleQuote || next == .closeBracket) {
                    return Problem(line: line, message: "a table header needs a key after '['")
                }
                previous = .openBracket
                continue
            }
            if atLineStart, open.isEmpty || open.last == .openBrace { keyDots = 0 }
            atLineStart = false
            switch current {
            case .space, .tab, .carriageReturn:
                index += 1
            case .newline:
                line += 1
                atLineStart = true
                keyDots = nil
                index += 1
            case .hash:
                while let next = byte(), next != .newline { index += 1 }
            case .doubleQuote, .singleQuote:
                skipString(current)
                if let stringProblem { return stringProblem }
                previous = current
            case .openBracket, .openBrace:
                open.append(current)
                keyDots = current == .openBrace ? 0 : nil
                previous = current
                index += 1
            case .closeBrace where open.last == .openBracket && (previous == .openBracket || previous == .comma):
                return Problem(line: line, message: "an array needs a value or ']' before '}'")
            case .closeBracket, .closeBrace:
                _ = open.popLast()
                previous = current
                index += 1
            case .equals:
                keyDots = nil
                previous = current
                index += 1
            case .comma:
                if open.last == .openBrace { keyDots = 0 }
                previous = current
                index += 1
            case .dot where keyDots != nil:
                keyDots! += 1
                if keyDots! >= maxKeyParts { return Problem(line: line, message: tooManyParts) }
                previous = current
                index += 1
            default:
                let startsAValue = previous == .equals || (open.last == .openBracket && (previous == .openBracket || previous == .comma))
                if startsAValue, let message = Self.brokenDateTime(bytes, at: index) { return Problem(line: line, message: message) }
                previous = current
                index += 1
            }
        }
        return nil
    }

    /// A value at `start` that is a date (`_` aside, as toml++ reads it) with a time begun and
    /// broken off; `nil` for anything else.
    package static func brokenDateTime(_ bytes: [UInt8], at start: Int) -> String? {
        var end = start
        var date: [UInt8] = []
        while end < bytes.count, bytes[end].isDigit || bytes[end] == .minus || bytes[end] == .underscore {
            if bytes[end] != .underscore { date.append(bytes[end]) }
            end += 1
        }
        let isDate = date.count == 10 && date.indices.allSatisfy { [4, 7].contains($0) ? date[$0] == .minus : date[$0].isDigit }
        guard isDate, end < bytes.count else { return nil }
        let after = { (offset: Int) -> UInt8? in end + offset < bytes.count ? bytes[end + offset] : nil }
        if bytes[end] | 0x20 == UInt8(ascii: "t"), after(1)?.isDigit != true {
            return "a date-time needs its time right after the 'T' (1979-05-27T07:32:00)"
        }
        if bytes[end] == .space, after(1)?.isDigit == true, after(2)?.endsAValue == true {
            return "a date-time needs its whole time after the space (1979-05-27 07:32:00)"
        }
        return nil
    }
}

extension UInt8 {
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let newline = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
    fileprivate static let hash = UInt8(ascii: "#")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let doubleQuote = UInt8(ascii: "\"")
    fileprivate static let singleQuote = UInt8(ascii: "'")
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let closeBracket = UInt8(ascii: "]")
    fileprivate static let openBrace = UInt8(ascii: "{")
    fileprivate static let closeBrace = UInt8(ascii: "}")
    fileprivate static let equals = UInt8(ascii: "=")
    fileprivate static let dot = UInt8(ascii: ".")
    fileprivate static let minus = UInt8(ascii: "-")
    fileprivate static let underscore = UInt8(ascii: "_")

    fileprivate var isDigit: Bool { (0x30...0x39).contains(self) }
    /// What ends a value for toml++: blanks, a line end, a comment, or what closes or separates it.
    fileprivate var endsAValue: Bool { [.space, .tab, .carriageReturn, .newline, .hash, .comma, .closeBracket, .closeBrace].contains(self) }

    /// TOML's bare keys: ASCII letters, digits, `_` and `-`.
    fileprivate var isBareKeyByte: Bool {
        (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || (0x30...0x39).contains(self) || self == 0x5F || self == 0x2D
    }
}
