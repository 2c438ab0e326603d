import Foundation
import Rules

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

    /// The most a notification's title and body may hold: beyond a few lines a bubble shows
    /// nothing more, and a 100 kB country name must not fill the store.
    static let maxTitleCharacters = 200
    static let maxBodyCharacters = 2000

    /// An alert fit to show and to record: no control or bidi characters, the title on one
    /// line, both cut to their limits with an ellipsis. Applied once, as alerts enter the outbox.
    static func bounded(_ alert: Alert) -> Alert {
        var bounded = alert
        bounded.title = cut(singleLine(alert.title), to: maxTitleCharacters)
        bounded.body = cut(printable(alert.body), to: maxBodyCharacters)
        bounded.reason = alert.reason.map { cut(singleLine($0), to: maxBodyCharacters) }
        bounded.members = alert.members?.map { Self.bounded($0) }
        return bounded
    }

    /// At most `limit` characters, whole graphemes, an ellipsis where it cut.
    static func cut(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }

    private static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
