import Foundation

/// A phrase cut into words, each known (`PhraseWords`) or made from digits ("09:30", "9.30",
/// "24.12.", "2026-12-24", "15th", "1.", "9am"). Bounded: a phrase longer than `maxBytes` is
/// refused before it is looked at.
enum PhraseLexer {
    static let maxBytes = 200
    static let maxWords = 24

    struct Lexed: Equatable {
        var words: [PhraseWord]
        var language: PhraseReading.Language
    }

    static func lex(_ raw: String) throws(PhraseRefusal) -> Lexed {
        guard raw.utf8.count <= maxBytes else {
            throw PhraseRefusal("a time phrase is at most \(maxBytes) bytes; this one is \(raw.utf8.count)")
        }
        var text = raw.lowercased()
        for (from, to) in joins { text = text.replacingOccurrences(of: from, with: to) }
        let pieces = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard !pieces.isEmpty else { throw PhraseRefusal("the time phrase is empty") }
        guard pieces.count <= maxWords else { throw PhraseRefusal("a time phrase is at most \(maxWords) words") }
        var words: [PhraseWord] = []
        var english = false
        var estonian = false
        for piece in pieces {
            let word = String(piece)
            if let (meaning, language) = PhraseWords.lookUp(word) {
                words.append(meaning)
                english = english || language == .en
                estonian = estonian || language == .et
            } else if let made = digits(word) {
                words += made
            } else {
                throw PhraseRefusal("\(shown(word)) is not a word of a time phrase notifier knows", unknown: true)
            }
        }
        guard !(english && estonian) else { throw PhraseRefusal("the phrase mixes English and Estonian; write it in one of them") }
        return Lexed(words: words, language: estonian ? .et : .en)
    }

    /// Phrases of several words that mean one thing, and punctuation made a word of its own.
    static let joins: [(String, String)] = [
        (",", " , "), ("a.m.", "am"), ("p.m.", "pm"), ("’", "'"), ("day after tomorrow", "dayaftertomorrow"),
        ("working day", "workingday"), ("work day", "workday"), ("business day", "businessday"),
        ("second last", "second-last"), ("täna õhtul", "täna-õhtul"),
    ]

    static func shown(_ word: String) -> String {
        let visible = word.unicodeScalars.prefix(60).map { $0.value < 0x20 || $0.value == 0x7F || $0.properties.isWhitespace ? " " : Character($0) }
        return "\"" + String(visible) + "\""
    }

    /// Words made of digits: numbers, clock times, dates, ordinals, "9am".
    static func digits(_ word: String) -> [PhraseWord]? {
        guard let first = word.unicodeScalars.first, ("0"..."9").contains(first), word.utf8.count <= 16 else { return nil }
        for suffix in ["am", "pm"] where word.hasSuffix(suffix) {
            guard let time = digits(String(word.dropLast(2))), time.count == 1 else { return nil }
            return time + [suffix == "am" ? .am : .pm]
        }
        for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) {
            guard let number = number(word.dropLast(2)), (1...31).contains(number) else { return nil }
            // "2nd", as "second", may also mean "other".
            return [.ordinal(number, alsoOther: number == 2)]
        }
        if let number = number(word[...]) { return [.number(number)] }
        let colon = word.split(separator: ":", omittingEmptySubsequences: false)
        if colon.count == 2, let hour = number(colon[0]), let minute = number(colon[1]), colon[1].count == 2 {
            guard hour <= 23, minute <= 59 else { return nil }
            return [.clock(hour: hour, minute: minute)]
        }
        let dash = word.split(separator: "-", omittingEmptySubsequences: false)
        if dash.count == 3, dash[0].count == 4, let year = number(dash[0]), let month = number(dash[1]), let day = number(dash[2]) {
            return [.date(year: year, month: month, day: day)]
        }
        // "1." (Estonian ordinal), "24.12." and "24.12.2026" (dates), "9.30" (time or date).
        var dots = word.split(separator: ".", omittingEmptySubsequences: false)
        let endsWithDot = dots.last == ""
        if endsWithDot { dots.removeLast() }
        let numbers = dots.compactMap(number)
        guard numbers.count == dots.count else { return nil }
        switch (numbers.count, endsWithDot) {
        case (1, true): return (1...31).contains(numbers[0]) ? [.ordinal(numbers[0])] : nil
        case (2, true): return [.date(year: nil, month: numbers[1], day: numbers[0])]
        case (2, false) where dots[1].count == 2: return [.dotted(numbers[0], numbers[1])]
        case (2, false): return [.date(year: nil, month: numbers[1], day: numbers[0])]
        case (3, false) where dots[2].count == 4: return [.date(year: numbers[2], month: numbers[1], day: numbers[0])]
        default: return nil
        }
    }

    /// ASCII digits only, at most four of them.
    static func number(_ text: Substring) -> Int? {
        guard (1...4).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
