import Foundation
import NotifierEngine

/// A frame laid out on a screen of a given size: exactly `height` rows of `width` columns. The
/// shell draws these rows; the snapshot tests compare their text.
package struct ScreenLayout: Sendable {
    package var width: Int
    package var height: Int
    /// The first body row shown; kept so the focus row stays in view with as little movement as possible.
    package var scrollTop = 0

    package static let commonKeys = [KeyHelp(keys: "?", action: "help"), KeyHelp(keys: "q", action: "close")]

    package mutating func rows(for frame: ScreenFrame, showingHelp: Bool = false) -> [StyledLine] {
        guard height > 0, width > 0 else { return [] }
        var rows = [frame.title.fitted(to: width).emphasised(.title)]
        let footer = footerLine(frame.keys)
        let bodyHeight = max(0, height - 2 - (frame.status == nil ? 0 : 1))
        let body = showingHelp ? helpLines(frame.keys) : frame.body
        if let focus = frame.focus, !showingHelp {
            if focus < scrollTop { scrollTop = focus }
            if focus >= scrollTop + bodyHeight { scrollTop = focus - bodyHeight + 1 }
        }
        scrollTop = max(0, min(scrollTop, body.count - bodyHeight))
        let top = showingHelp ? 0 : scrollTop
        for index in 0..<bodyHeight {
            let line = top + index < body.count ? body[top + index] : .empty
            rows.append(line.fitted(to: width))
        }
        if let status = frame.status, height > 2 { rows.append(status.fitted(to: width)) }
        if height > 1 { rows.append(footer.fitted(to: width)) }
        return Array(rows.prefix(height))
    }

    /// The rows as plain text, one per line, trailing spaces kept: what a snapshot compares.
    package mutating func plainText(for frame: ScreenFrame) -> String {
        rows(for: frame).map(\.text).joined(separator: "\n") + "\n"
    }

    private func footerLine(_ keys: [KeyHelp]) -> StyledLine {
        var spans: [Span] = []
        for help in keys.filter(\.inFooter) + Self.commonKeys {
            if !spans.isEmpty { spans.append(Span("  ")) }
            spans.append(Span(help.keys, .bold))
            spans.append(Span(" " + help.action, .dim))
        }
        return StyledLine(spans)
    }

    private func helpLines(_ keys: [KeyHelp]) -> [StyledLine] {
        var lines: [StyledLine] = [StyledLine("Keys", .bold), .empty]
        let all =
            keys + [
                KeyHelp(keys: "Backspace", action: "back to the previous view"), KeyHelp(keys: "?", action: "this help; any key closes it"),
                KeyHelp(keys: "q  Esc  Ctrl-C", action: "close"),
            ]
        let column = min(18, (all.map { DisplayWidth.of($0.keys) }.max() ?? 0) + 2)
        for help in all {
            lines.append(StyledLine([Span("  " + DisplayWidth.padded(help.keys, column), .bold), Span(help.action)]))
        }
        return lines
    }
}
