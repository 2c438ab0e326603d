import CNcurses
import Foundation
import NotifierEngine
import NotifierSystem

/// What a piece of screen text means; the terminal shell turns it into attributes and colours
/// (or nothing, with NO_COLOR). Meaning that must survive without colour also has a symbol.
package enum Emphasis: Sendable, Hashable {
    case plain, bold, dim, title, selected, rise, fall, warning
    /// A meaning a feed names for itself, in the look it gives it.
    case styled(TextStyle)
}

/// The look of a feed's own emphasis: a colour where the terminal has colours, and attributes
/// with the colour and without it (NO_COLOR still leaves none).
package struct TextStyle: Sendable, Hashable {
    /// The screen's colours, each its colour pair's number.
    package enum Colour: Int16, Sendable, Hashable {
        case green = 1
        case red, yellow, cyan, magenta
    }

    package enum Attribute: Sendable, Hashable {
        case bold, underline
    }

    package var colour: Colour
    package var inColour: Set<Attribute>
    package var withoutColour: Set<Attribute>

    package init(_ colour: Colour, inColour: Set<Attribute> = [], withoutColour: Set<Attribute> = []) {
        self.colour = colour
        self.inColour = inColour
        self.withoutColour = withoutColour
    }
}

/// A run of text with one emphasis. Text from feeds is sanitised when a span is made, so a
/// span never holds a control character; styling is applied later, by the shell.
package struct Span: Sendable, Equatable {
    package var text: String
    package var emphasis: Emphasis

    package init(_ text: String, _ emphasis: Emphasis = .plain) {
        self.text = TextSanitizer.singleLine(text)
        self.emphasis = emphasis
    }
}

/// One screen row: spans side by side.
package struct StyledLine: Sendable, Equatable, ExpressibleByStringLiteral {
    package var spans: [Span]

    package init(_ spans: [Span]) { self.spans = spans }
    package init(_ text: String, _ emphasis: Emphasis = .plain) { spans = [Span(text, emphasis)] }
    package init(stringLiteral text: String) { spans = [Span(text)] }

    package static let empty = StyledLine([])

    package var text: String { spans.map(\.text).joined() }
    package var width: Int { DisplayWidth.of(text) }

    /// The same row with every span given one emphasis (a selected row).
    package func emphasised(_ emphasis: Emphasis) -> StyledLine {
        StyledLine(spans.map { Span($0.text, emphasis) })
    }

    /// Cut to `columns` display columns (an ellipsis where text was lost), then padded with spaces.
    package func fitted(to columns: Int) -> StyledLine {
        let total = width
        if total <= columns { return padded(to: columns, from: total) }
        var result: [Span] = []
        var used = 0
        let budget = max(0, columns - 1)
        for span in spans {
            let width = DisplayWidth.of(span.text)
            if used + width <= budget {
                result.append(span)
                used += width
                continue
            }
            let cut = DisplayWidth.prefix(span.text, columns: budget - used)
            result.append(Span(cut + "…", span.emphasis))
            used += DisplayWidth.of(cut) + 1
            break
        }
        return StyledLine(result).padded(to: columns, from: used)
    }

    private func padded(to columns: Int, from used: Int) -> StyledLine {
        guard used < columns else { return self }
        var copy = self
        let emphasis = spans.last?.emphasis == .selected || spans.last?.emphasis == .title ? spans.last!.emphasis : .plain
        copy.spans.append(Span(String(repeating: " ", count: columns - used), emphasis))
        return copy
    }
}

/// Columns a string takes on a terminal, as ncurses counts them (wcwidth), so that columns
/// after a flag, an emoji or a CJK name stay aligned.
package enum DisplayWidth {
    package static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width($1) }
    }

    package static func width(_ scalar: Unicode.Scalar) -> Int {
        if scalar.value < 0x7F { return scalar.value < 0x20 ? 0 : 1 }
        let width = Int(cncurses_width(scalar.value))
        return max(0, width)
    }

    /// The longest prefix that fits in `columns`, whole characters only.
    package static func prefix(_ text: String, columns: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let width = of(String(character))
            if used + width > columns { break }
            result.append(character)
            used += width
        }
        return result
    }

    /// Left-aligned in `columns`: cut or padded with spaces.
    package static func padded(_ text: String, _ columns: Int) -> String {
        var shown = text
        if of(text) > columns { shown = prefix(text, columns: max(0, columns - 1)) + "…" }
        return shown + String(repeating: " ", count: max(0, columns - of(shown)))
    }

    /// Right-aligned in `columns`.
    package static func rightAligned(_ text: String, _ columns: Int) -> String {
        let width = of(text)
        return width >= columns ? text : String(repeating: " ", count: columns - width) + text
    }
}
