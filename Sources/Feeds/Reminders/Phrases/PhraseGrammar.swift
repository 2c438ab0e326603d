import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The grammar of time phrases, in one place. Three passes join words into the parts of a
/// phrase (a time of day, a date, a count such as "2 weeks"); then each part fills its slot
/// (`PhraseSlots`), in any order, so English ("the third wednesday of every month") and Estonian
/// ("iga kuu kolmas kolmapäev") word orders both read. A part that does not fit, or could be
/// read two ways, is refused with the forms nearest to it: never guessed.
struct PhraseGrammar {
    enum Part: Equatable {
        case word(PhraseWord)
        /// `meridiem`: am or pm was said, so an evening does not move it.
        case time(PhraseReading.TimeOfDay, meridiem: Bool)
        case date(year: Int?, month: Int, day: Int)
        case count(Int, PhraseWord.Unit)
    }

    let words: [PhraseWord]
    let language: PhraseReading.Language

    init(_ words: [PhraseWord], language: PhraseReading.Language) {
        self.words = words
        self.language = language
    }

    func reading() throws(PhraseRefusal) -> PhraseReading {
        let parts = try counts(dates(times(words)))
        var slots = PhraseSlots(language: language)
        for index in parts.indices { try slots.fill(parts, at: index) }
        return try slots.reading()
    }

    // MARK: Times of day: "at 9", "kell 9.30", "09:30", "9am", "5 pm", "noon", "midnight"

    func times(_ words: [PhraseWord]) throws(PhraseRefusal) -> [Part] {
        var parts: [Part] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == .at {
                guard let (time, meridiem, next) = try clock(words, from: index + 1, afterAt: true) else {
                    throw PhraseRefusal("\"at\" (\"kell\") needs a time of day after it", nearest: ["at 9", "at 09:30", "at 5 pm", "kell 9.30"])
                }
                parts.append(.time(time, meridiem: meridiem))
                index = next
            } else if let (time, meridiem, next) = try clock(words, from: index, afterAt: false) {
                parts.append(.time(time, meridiem: meridiem))
                index = next
            } else {
                parts.append(.word(word))
                index += 1
            }
        }
        return parts
    }

    /// A time of day at `start`, with an am or pm after it; `afterAt`: a bare number is an hour.
    private func clock(_ words: [PhraseWord], from start: Int, afterAt: Bool) throws(PhraseRefusal) -> (PhraseReading.TimeOfDay, Bool, Int)? {
        guard start < words.count else { return nil }
        let meridiem = start + 1 < words.count && (words[start + 1] == .am || words[start + 1] == .pm) ? words[start + 1] : nil
        var hour: Int
        var minute = 0
        switch words[start] {
        case .noon: return (.init(hour: 12, minute: 0), true, start + 1)
        case .midnight: return (.init(hour: 0, minute: 0), true, start + 1)
        case .clock(let h, let m): (hour, minute) = (h, m)
        case .number(let h) where afterAt || meridiem != nil || saidAfterADay(words, at: start): hour = h
        case .ordinal(let h, _) where afterAt: hour = h // "kell 9."
        case .dotted(let h, let m):
            let asTime = h <= 23 && m <= 59
            let asDate = (1...12).contains(m) && h >= 1 && h <= EveryExpression.daysIn(month: m)
            if !afterAt && meridiem == nil {
                if asTime && asDate {
                    throw PhraseRefusal(
                        "\"\(h).\(m < 10 ? "0" : "")\(m)\" is a time or a date",
                        readings: ["at \(ClockText.hm(h, m))", "on \(h) \(PhraseEcho.monthNames[m - 1])"])
                }
                // A day that does not exist ("30.02") is still a date: the dates' pass says why.
                if asDate || (!asTime && (1...12).contains(m)) { return nil }
            }
            guard asTime else { throw PhraseRefusal("\(h).\(m) is not a time of day", nearest: ["at 9.30", "kell 19.30"]) }
            (hour, minute) = (h, m)
        default: return nil
        }
        guard hour <= 23 else { throw PhraseRefusal("\(hour) is not an hour (0 to 23)", nearest: ["at 9", "at 21:00", "at 9 pm"]) }
        if let meridiem {
            guard (1...12).contains(hour) else {
                throw PhraseRefusal("\(hour) am/pm is not a time; am and pm go with 1 to 12", nearest: ["at 9 am", "at 21:00"])
            }
            hour = meridiem == .am ? hour % 12 : hour % 12 + 12
            return (.init(hour: hour, minute: minute), true, start + 2)
        }
        return (.init(hour: hour, minute: minute), false, start + 1)
    }

    /// "tomorrow 9", "thursday 17": a bare hour as the last word, right after a day.
    private func saidAfterADay(_ words: [PhraseWord], at index: Int) -> Bool {
        guard index == words.count - 1, index > 0 else { return false }
        switch words[index - 1] {
        case .today, .tonight, .tomorrow, .dayAfterTomorrow, .evening, .morning, .weekday: return true
        default: return false
        }
    }

    // MARK: Dates: "24 december", "december 24th", "1st of may", "1. mail", "24.12.", "2026-12-24"

    func dates(_ parts: [Part]) throws(PhraseRefusal) -> [Part] {
        var result: [Part] = []
        var index = 0
        func day(_ part: Part) -> Int? {
            switch part {
            case .word(.number(let n)), .word(.ordinal(let n, _)): return (1...31).contains(n) ? n : nil
            default: return nil
            }
        }
        func month(_ part: Part) -> Int? {
            if case .word(.month(let m)) = part { return m }
            return nil
        }
        while index < parts.count {
            let rest = Array(parts[index...].prefix(3))
            var found: (month: Int, day: Int, used: Int)?
            if rest.count >= 2, let d = day(rest[0]), let m = month(rest[1]) {
                found = (m, d, 2)
            } else if rest.count == 3, let d = day(rest[0]), rest[1] == .word(.filler), let m = month(rest[2]) {
                found = (m, d, 3)
            } else if rest.count >= 2, let m = month(rest[0]), let d = day(rest[1]) {
                found = (m, d, 2)
            }
            if let found {
                index += found.used
                var year: Int?
                if index < parts.count, case .word(.number(let y)) = parts[index], CivilDate.parsedYears.contains(y) {
                    year = y
                    index += 1
                }
                result.append(try Self.checkedDate(year: year, month: found.month, day: found.day))
            } else if case .word(.date(let year, let month, let day)) = parts[index] {
                result.append(try Self.checkedDate(year: year, month: month, day: day))
                index += 1
            } else if case .word(.dotted(let day, let month)) = parts[index] {
                result.append(try Self.checkedDate(year: nil, month: month, day: day))
                index += 1
            } else {
                result.append(parts[index])
                index += 1
            }
        }
        return result
    }

    /// A date that exists: 30 February is refused, and 29 February only in a leap year when one is named.
    static func checkedDate(year: Int?, month: Int, day: Int) throws(PhraseRefusal) -> Part {
        guard (1...12).contains(month) else { throw PhraseRefusal("there is no month \(month)", nearest: ["24 december", "24.12", "2026-12-24"]) }
        let name = PhraseEcho.monthNames[month - 1]
        if let year {
            guard CivilDate.parsedYears.contains(year) else { throw PhraseRefusal("the year \(year) is out of reach (1900 to 2200)") }
            guard CivilDate(year: year, month: month, day: day) != nil else {
                throw PhraseRefusal("\(day) \(name) \(year) does not exist", nearest: ["\(EveryExpression.daysIn(month: month) - 1) \(name.lowercased())"])
            }
        } else {
            guard day >= 1, day <= EveryExpression.daysIn(month: month) else {
                throw PhraseRefusal(
                    "\(day) \(name) does not exist: \(name) has \(EveryExpression.daysIn(month: month)) days at most", nearest: ["the last day of every month"])
            }
        }
        return .date(year: year, month: month, day: day)
    }

    // MARK: Counts: "2 weeks", "90 minutes", "an hour", "3 kuu"

    func counts(_ parts: [Part]) throws(PhraseRefusal) -> [Part] {
        var result: [Part] = []
        var index = 0
        while index < parts.count {
            if index + 1 < parts.count, case .word(.unit(let unit)) = parts[index + 1] {
                var number: Int?
                if case .word(.number(let n)) = parts[index] { number = n }
                if case .word(.article) = parts[index] { number = 1 }
                if let number {
                    guard number > 0 else {
                        let name = unit.rawValue
                        let nearest =
                            unit == .minute || unit == .hour ? ["in 1 \(name)", "in 90 minutes"] : ["every \(name)", "every 2 \(name)s", "in 1 \(name)"]
                        throw PhraseRefusal("0 \(name)s is no span; the least is 1", nearest: nearest)
                    }
                    result.append(.count(number, unit))
                    index += 2
                    continue
                }
            }
            result.append(parts[index])
            index += 1
        }
        return result
    }
}
