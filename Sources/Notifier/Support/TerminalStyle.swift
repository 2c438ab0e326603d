import Foundation

/// ANSI styling only on a terminal, and never with NO_COLOR set (https://no-color.org).
struct TerminalStyle: Sendable {
    let enabled: Bool

    static func forStandardOutput(environment: [String: String]) -> TerminalStyle {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return TerminalStyle(enabled: isatty(STDOUT_FILENO) == 1 && !noColor && environment["TERM"] != "dumb")
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// Feed text is untrusted: these keep it from driving the terminal.
enum TextSanitizer {
    /// Drops control characters (escape sequences included) but keeps newlines and tabs.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
            scalar == "\n" || scalar == "\t" || !(scalar.properties.generalCategory == .control || isBidiControl(scalar))
        }))
    }

    static func singleLine(_ text: String) -> String {
        printable(text).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
    }

    private static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
