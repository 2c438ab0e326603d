import Foundation

/// One string holding both what to be reminded of and when: "take out the bins every other
/// tuesday at 9", "homme kell 9 helista emale". The time phrase is the longest run of words at
/// the end (else the start) that reads; a run with two readings stops the search, so notifier
/// asks rather than settle for a shorter reading.
public struct PhraseSplit: Sendable, Equatable {
    public var text: String
    public var phrase: String
    public var reading: PhraseReading

    /// The longest phrase tried, in words.
    static let maxPhraseWords = 14

    public static func split(_ whole: String) throws(PhraseRefusal) -> PhraseSplit {
        let words = whole.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard words.count >= 2 else {
            throw PhraseRefusal("give what to be reminded of and when", nearest: ["take out the bins every other tuesday at 9"])
        }
        var firstRefusal: PhraseRefusal?
        let longest = min(maxPhraseWords, words.count - 1)
        for atEnd in [true, false] {
            for length in stride(from: longest, through: 1, by: -1) {
                let phraseWords = atEnd ? words.suffix(length) : words.prefix(length)
                let textWords = atEnd ? words.dropLast(length) : words.dropFirst(length)
                let phrase = phraseWords.joined(separator: " ")
                do throws(PhraseRefusal) {
                    let reading = try PhraseReading(phrase)
                    return PhraseSplit(text: textWords.joined(separator: " "), phrase: phrase, reading: reading)
                } catch {
                    if error.isAmbiguous { throw error }
                    if !error.unknownWord, firstRefusal == nil { firstRefusal = error }
                }
            }
        }
        throw firstRefusal
            ?? PhraseRefusal(
                "found no time phrase at the end or the start of the text; give --at, --in or --every",
                nearest: ["call the bank tomorrow at 10", "take out the bins every other tuesday at 9"])
    }
}
