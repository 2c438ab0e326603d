import Foundation
import NotifierCore

/// What a time phrase ("every other tuesday at 9", "iga kuu viimane pühapäev", "in 90 minutes")
/// means, before it meets a clock: a recurrence, a single day, or a span from now; and the time
/// of day if it names one. `PhraseGrammar` reads it; `resolved(…)` places it in time.
public struct PhraseReading: Sendable, Equatable {
    public enum Language: String, Sendable, Equatable { case en, et }

    public struct TimeOfDay: Sendable, Equatable, Hashable {
        public var hour: Int
        public var minute: Int
        public init(hour: Int, minute: Int) {
            self.hour = hour
            self.minute = minute
        }
        public var text: String { ClockText.hm(hour, minute) }
    }

    public enum OneOffDay: Sendable, Equatable {
        case today, tomorrow, dayAfterTomorrow
        /// The next such weekday after today (1 = Sunday).
        case weekday(Int)
        /// Without a year: the next time it comes.
        case date(year: Int?, month: Int, day: Int)
        /// Only a time of day: its next coming.
        case nextTime
    }

    public enum Shape: Sendable, Equatable {
        /// `fromStart`: the rule lacks a part the start gives ("every 2 weeks": the weekday;
        /// "every 3 months": the day of the month).
        case repeating(EveryExpression, fromStart: Bool)
        case once(OneOffDay)
        /// "in 90 minutes": no time of day.
        case after(minutes: Int)
        /// "in 2 days", "2 päeva pärast": a day, at a time of day.
        case afterDays(Int)
    }

    public var language: Language
    public var shape: Shape
    public var time: TimeOfDay?

    /// Reads a phrase; a refusal says why, with the forms nearest to it, or each meaning of
    /// one that has two.
    public init(_ phrase: String) throws(PhraseRefusal) {
        let lexed = try PhraseLexer.lex(phrase.trimmingCharacters(in: .whitespaces))
        self = try PhraseGrammar(lexed.words, language: lexed.language).reading()
    }

    init(language: Language, shape: Shape, time: TimeOfDay?) {
        self.language = language
        self.shape = shape
        self.time = time
    }

    /// Whether `text` is made of the words of time phrases, understood or refused: not a typo
    /// of an `every` expression or a clock time, whose own messages then say what to write.
    public static func mayBe(_ text: String) -> Bool {
        do throws(PhraseRefusal) { _ = try PhraseReading(text) } catch { return !error.unknownWord }
        return true
    }

    /// The time of day in "9", "09:30", "5 pm", "kell 19" (an option's or a config's `at`).
    public static func timeOfDay(_ text: String) -> TimeOfDay? {
        let spoken = try? PhraseReading(text.hasPrefix("at ") || text.hasPrefix("kell ") ? text : "at " + text)
        return spoken?.shape == .once(.nextTime) ? spoken?.time : nil
    }

    public var isRepeating: Bool {
        if case .repeating = shape { return true }
        return false
    }
}

/// Why a phrase is not kept: one line, with the forms nearest to it or, for a phrase with two
/// meanings, each of them, so the person picks instead of notifier guessing.
public struct PhraseRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    /// The meanings of an ambiguous phrase, each written so it is no longer ambiguous.
    public var readings: [String] = []
    public var nearest: [String] = []
    /// The phrase had a word notifier does not know (so it may be no time phrase at all).
    public var unknownWord = false

    init(_ reason: String, readings: [String] = [], nearest: [String] = [], unknown: Bool = false) {
        self.reason = reason
        self.readings = readings
        self.nearest = nearest
        self.unknownWord = unknown
    }

    public var isAmbiguous: Bool { !readings.isEmpty }

    public var description: String {
        if !readings.isEmpty {
            return "\(reason): it could mean " + readings.map { "\"\($0)\"" }.joined(separator: " or ") + "; write the one you mean"
        }
        let forms = nearest.isEmpty ? PhraseRefusal.someForms : nearest
        return "\(reason); forms notifier knows: " + forms.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    static let someForms = [
        "every other tuesday at 9", "the last working day of every month at 10", "tomorrow at 9", "in 90 minutes", "iga teine teisipäev kell 19",
    ]
}
