import Foundation

/// ANSI styling only on a terminal, and never with NO_COLOR set (https://no-color.org).
///
/// Styled text is sanitised afterwards (it holds feed text), and the sanitiser drops every
/// control character, ESC included. So styling travels as Unicode noncharacters, which are
/// meant for a program's internal use and which the sanitiser keeps, and becomes escape
/// sequences only in `terminalText`, as the text is written. The most a feed value holding
/// such a noncharacter can do is turn bold or dim on or off.
package struct TerminalStyle: Sendable {
    package let enabled: Bool

    package static func forStandardOutput(environment: [String: String]) -> TerminalStyle {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return TerminalStyle(enabled: isatty(STDOUT_FILENO) == 1 && !noColor && environment["TERM"] != "dumb")
    }

    package func bold(_ text: String) -> String { wrap(text, "1") }
    package func dim(_ text: String) -> String { wrap(text, "2") }

    // Swift literals may not hold noncharacters, so they are made from their numbers.
    private static let boldOn = String(Unicode.Scalar(0xFDD0)!), dimOn = String(Unicode.Scalar(0xFDD1)!), reset = String(Unicode.Scalar(0xFDD2)!)
    private static let markers: [(Unicode.Scalar, String)] = [
        (Unicode.Scalar(0xFDD0)!, "\u{1B}[1m"), (Unicode.Scalar(0xFDD1)!, "\u{1B}[2m"),
        (Unicode.Scalar(0xFDD2)!, "\u{1B}[0m"),
    ]

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? (code == "1" ? Self.boldOn : Self.dimOn) + text + Self.reset : text
    }

    /// The text as the terminal gets it: style markers turned into escape sequences.
    package static func terminalText(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0xFDD0...0xFDD2).contains($0.value) }) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if let marker = markers.first(where: { $0.0 == scalar }) { result += marker.1 } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
    package init(enabled: Bool) {
        self.enabled = enabled
    }
}

/// Feed text is untrusted: these keep it from driving the terminal.
package enum TextSanitizer {
    /// Drops control characters (escape sequences included) and invisible marks (`InvisibleMarks`)
    /// but keeps newlines and tabs.
    package static func printable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { scalar in
                    scalar == "\n" || scalar == "\t" || !(scalar.properties.generalCategory == .control || InvisibleMarks.contains(scalar))
                }))
    }

    package static func singleLine(_ text: String) -> String {
        printable(text).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
    }

    /// What a person typed, shown back to them in an error or a reply: one line, at most `limit`
    /// characters (a 10 KB name is not echoed whole).
    package static func echoed(_ input: String, limit: Int = 64) -> String {
        cut(singleLine(String(input.prefix(limit + 1))), to: limit)
    }

    /// At most `limit` characters, whole graphemes, an ellipsis where it cut.
    package static func cut(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }
}

extension String {
    /// Right-aligned in `width` columns, for a table's numbers.
    package func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
