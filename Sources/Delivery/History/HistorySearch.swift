import Foundation
import NotifierCore
import NotifierEngine

/// What a person typed to find in the history, made into an FTS5 query that can only mean
/// "these words": every word is quoted as an FTS5 string, so `"`, `*`, `NEAR(`, `-`, `:`,
/// `AND` and column names are text, never query syntax.
package enum HistorySearch {
    /// Longer text is cut: a search is a few words, and the query stays small whatever is pasted.
    package static let maximumCharacters = 200
    package static let maximumWords = 16

    /// The FTS5 query: each word a prefix (`bitc` finds Bitcoin, as the screen filters while one
    /// types), all of them required. `nil` when the text holds no word to search for.
    package static func query(_ text: String) -> String? {
        let words = self.words(text)
        guard !words.isEmpty else { return nil }
        return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
    }

    /// The words of `text`: split at white space and control characters, those with no letter
    /// or digit dropped (the tokenizer would find nothing in them, and an empty phrase matches
    /// nothing), bounded in length and number.
    package static func words(_ text: String) -> [String] {
        let cut = String(text.prefix(maximumCharacters))
        let spaced = String(String.UnicodeScalarView(cut.unicodeScalars.map { Self.separates($0) ? " " : $0 }))
        return
            spaced
            .split(separator: " ", omittingEmptySubsequences: true)
            .filter { $0.contains { $0.isLetter || $0.isNumber } }
            .prefix(maximumWords)
            .map(String.init)
    }

    private static func separates(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
    }
}
