import Foundation
import NotifierCore

/// The slots a phrase's parts fill, and what a filled set means: which combinations make a
/// recurrence, a single day or a span, and which are refused.
struct PhraseSlots {
    typealias Unit = PhraseWord.Unit
    let language: PhraseReading.Language
    var every = false
    var interval: Int?
    var unit: Unit?
    var weekdays: [Int] = []
    var groups: Set<PhraseWord.Group> = []
    /// Ordinals waiting for what they count: a weekday, a working day, a day, a week.
    var pending: [(place: Int, alsoOther: Bool, afterEvery: Bool)] = []
    var places: [EveryExpression.Day] = []
    /// "second thursday": a place that might be "other".
    var secondOrOther: Int?
    var workingPlaces: [Int] = []
    var monthDays: [Int] = []
    var date: (year: Int?, month: Int, day: Int)?
    var time: PhraseReading.TimeOfDay?
    var meridiem = false
    var days: [PhraseReading.OneOffDay] = []
    var next = false
    var evening = false
    var span: (count: Int, unit: Unit)?
    var spanMarker = false

    init(language: PhraseReading.Language) {
        self.language = language
    }

    mutating func fill(_ parts: [PhraseGrammar.Part], at index: Int) throws(PhraseRefusal) {
        let previous = index > 0 ? parts[index - 1] : nil
        let following = index + 1 < parts.count ? parts[index + 1] : nil
        switch parts[index] {
        case .time(let value, let said):
            guard time == nil else { throw PhraseRefusal("the phrase names two times of day", nearest: ["every day at 9", "tomorrow at 17:30"]) }
            (time, meridiem) = (value, said)
        case .date(let year, let month, let day):
            guard date == nil else { throw PhraseRefusal("the phrase names two dates", nearest: ["24 december", "every year on 1 may"]) }
            date = (year, month, day)
        case .count(let count, let unit):
            if previous == .word(.inside) || following == .word(.after) {
                span = (count, unit)
            } else if every {
                guard interval == nil else { throw PhraseRefusal("the phrase gives two intervals", nearest: ["every 2 weeks"]) }
                interval = count
                try setUnit(unit)
            } else {
                throw PhraseRefusal("\(count) \(unit.rawValue)s of what?", nearest: ["every \(count) \(unit.rawValue)s", "in \(count) \(unit.rawValue)s"])
            }
        case .word(let word): try fill(word)
        }
    }

    private mutating func fill(_ word: PhraseWord) throws(PhraseRefusal) {
        switch word {
        case .every: every = true
        case .other:
            guard interval == nil else { throw PhraseRefusal("the phrase gives two intervals", nearest: ["every other week"]) }
            (interval, every) = (2, true)
        case .frequency(let unit):
            every = true
            try setUnit(unit)
        case .unit(let unit): try countPending(unit)
        case .ordinal(let place, let alsoOther): pending.append((place, alsoOther, every))
        case .weekday(let weekday, let plural):
            if pending.isEmpty {
                weekdays.append(weekday)
            } else {
                for (place, alsoOther, _) in pending {
                    places.append(.init(weekday: weekday, ordinal: place))
                    if alsoOther { secondOrOther = weekday }
                }
                pending = []
            }
            every = every || plural
        case .workingDay:
            if pending.isEmpty { groups.insert(.weekdays) } else { workingPlaces += pending.map(\.place) }
            pending = []
        case .group(let group, let plural):
            groups.insert(group)
            every = every || plural
        case .dayOfMonth:
            guard !pending.isEmpty else { throw PhraseRefusal("\"kuupäeval\" needs the day before it", nearest: ["iga kuu 1. kuupäeval"]) }
            monthDays += pending.map(\.place)
            pending = []
        case .today: days.append(.today)
        case .tonight:
            days.append(.today)
            evening = true
        case .tomorrow: days.append(.tomorrow)
        case .dayAfterTomorrow: days.append(.dayAfterTomorrow)
        case .evening: evening = true
        case .morning, .filler, .article: break
        case .next: next = true
        case .inside, .after: spanMarker = true
        case .number(let number):
            throw PhraseRefusal(
                "\"\(number)\" alone is neither a time nor a day", nearest: ["at \(number)", "every month on the \(number)th", "in \(number) days"])
        case .month(let month):
            throw PhraseRefusal(
                "\(PhraseEcho.monthNames[month - 1]) needs a day", nearest: ["1 \(PhraseEcho.monthNames[month - 1].lowercased())", "every year on 1 may"])
        case .am, .pm: throw PhraseRefusal("am and pm go after an hour", nearest: ["at 9 am", "at 5 pm"])
        case .at, .noon, .midnight, .clock, .dotted, .date:
            throw PhraseRefusal("the phrase has a time or date where none fits", nearest: ["tomorrow at 9"])
        }
    }

    private mutating func setUnit(_ new: Unit) throws(PhraseRefusal) {
        guard unit == nil || unit == new else {
            throw PhraseRefusal(
                "the phrase names both a \(unit?.rawValue ?? "") and a \(new.rawValue)", nearest: ["every 2 weeks", "the first monday of every month"])
        }
        unit = new
    }

    /// A unit after ordinals: "the last day", "the 1st day", "every second week"; else the unit itself.
    private mutating func countPending(_ unit: Unit) throws(PhraseRefusal) {
        defer { pending = [] }
        if pending.isEmpty { return try setUnit(unit) }
        if unit == .day {
            monthDays += pending.map(\.place)
        } else if pending.count == 1, pending[0].afterEvery, pending[0].place >= 2, interval == nil, unit != .minute, unit != .hour {
            // "every second week", "iga teine kuu": the ordinal says how many.
            interval = pending[0].place
            try setUnit(unit)
        } else if unit == .month, pending.allSatisfy({ $0.place > 0 }) {
            // "the 1st and 15th of every month"
            monthDays += pending.map(\.place)
            try setUnit(unit)
        } else {
            throw PhraseRefusal(
                "\"\(PhraseEcho.ordinal(pending[0].place)) \(unit.rawValue)\" is not a form notifier knows",
                nearest: ["every second week", "the first monday of every month"])
        }
    }
}
