import NotifierEngine

/// Text a feed sent, fit to quote in one line of a message: no control or bidi characters
/// (they would drive the terminal or reorder the line), and short.
public enum FeedText {
    public static func quoted(_ text: String, limit: Int = 60) -> String {
        let visible = String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { scalar in
                    switch scalar.properties.generalCategory {
                    case .control, .format, .lineSeparator, .paragraphSeparator: return false
                    default: return true
                    }
                }))
        let short = visible.count > limit ? visible.prefix(limit - 1) + "…" : visible
        return "'\(short)'"
    }
}
