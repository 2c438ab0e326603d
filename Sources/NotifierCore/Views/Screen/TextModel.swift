import Foundation
import NotifierEngine

/// A printout on a screen that stays: the same lines `why` or `rules` print when piped,
/// scrolled with ↑↓, PgUp/PgDn, Home/End.
package struct TextModel: ScreenModel {
    package let title: String
    package let lines: [StyledLine]
    package private(set) var top = 0

    package init(title: String, lines: [StyledLine]) {
        self.title = title
        self.lines = lines.isEmpty ? ["(nothing to show)"] : lines
    }

    /// Printed text as lines: bold where the printout is bold (its first-column headings).
    package init(title: String, text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
        self.init(
            title: title,
            lines: lines.map { line in
                line.hasPrefix(" ") || line.isEmpty ? StyledLine(String(line)) : StyledLine(String(line), .bold)
            })
    }

    package static let keys = [KeyHelp(keys: "↑↓", action: "scroll")]

    package func frame(width: Int, height: Int, now: Date) -> ScreenFrame {
        ScreenFrame(title: StyledLine(title), body: Array(lines.dropFirst(top)), focus: nil, status: nil, keys: Self.keys)
    }

    package mutating func handle(_ event: ViewEvent) -> [ViewEffect] {
        let page = 20
        switch event {
        case .key(.down), .key(.character("j")): top = min(max(0, lines.count - 1), top + 1)
        case .key(.up), .key(.character("k")): top = max(0, top - 1)
        case .key(.pageDown), .key(.character(" ")): top = min(max(0, lines.count - 1), top + page)
        case .key(.pageUp): top = max(0, top - page)
        case .key(.home): top = 0
        case .key(.end): top = max(0, lines.count - 1)
        default: break
        }
        return []
    }
}
