import Foundation
import NotifierCore

/// What the filled slots mean. The kinds of day a phrase can name (weekdays, a weekday's place
/// in the month, a working day's place, days of the month, a yearly date) go one to a phrase.
extension PhraseSlots {
    static let workingDays = [2, 3, 4, 5, 6]

    func reading() throws(PhraseRefusal) -> PhraseReading {
        var slots = self
        // Ordinals left over name days of the month: "monthly on the 15th", "the 1st and 15th".
        for (place, _, _) in slots.pending {
            guard place > 0 else { throw PhraseRefusal("\"last\" of what?", nearest: ["the last day of every month", "the last friday of every month"]) }
            slots.monthDays.append(place)
        }
        slots.pending = []
        if slots.evening, let time = slots.time, !slots.meridiem, (1...11).contains(time.hour) { slots.time?.hour += 12 }
        if let span = slots.span { return try slots.spanReading(span) }
        guard !slots.spanMarker else { throw PhraseRefusal("\"in\" (\"pärast\") needs a span", nearest: ["in 90 minutes", "in 2 days", "90 minuti pärast"]) }
        let repeating =
            slots.every || !slots.groups.isEmpty || slots.weekdays.count > 1 || !slots.places.isEmpty || !slots.workingPlaces.isEmpty
            || !slots.monthDays.isEmpty || (slots.unit != nil && !slots.next)
        if repeating { return try slots.repeatingReading() }
        return try slots.onceReading()
    }

    private func spanReading(_ span: (count: Int, unit: Unit)) throws(PhraseRefusal) -> PhraseReading {
        guard !every, weekdays.isEmpty, groups.isEmpty, places.isEmpty, monthDays.isEmpty, date == nil, days.isEmpty, unit == nil else {
            throw PhraseRefusal("a span from now (\"in 2 days\") goes with nothing but a time of day", nearest: ["in 2 days at 9", "in 90 minutes"])
        }
        let limit: [Unit: Int] = [.minute: 525_600, .hour: 8_784, .day: 3_660, .week: 520]
        guard let most = limit[span.unit], span.count <= most else {
            throw PhraseRefusal(
                "in \(span.count) \(span.unit.rawValue)s is too far or not a span notifier counts", nearest: ["in 90 minutes", "in 3 weeks", "2027-06-01 at 9"])
        }
        switch span.unit {
        case .minute, .hour:
            guard time == nil else {
                throw PhraseRefusal("\"in \(span.count) \(span.unit.rawValue)s\" is its own time; leave out the time of day", nearest: ["in 90 minutes"])
            }
            return PhraseReading(language: language, shape: .after(minutes: span.count * (span.unit == .hour ? 60 : 1)), time: nil)
        default:
            let days = span.count * (span.unit == .week ? 7 : 1)
            // Without a time of day, "in 2 days" is two days from now, as --in 2d.
            guard time != nil else { return PhraseReading(language: language, shape: .after(minutes: days * 1440), time: nil) }
            return PhraseReading(language: language, shape: .afterDays(days), time: time)
        }
    }

    private func onceReading() throws(PhraseRefusal) -> PhraseReading {
        var named: [PhraseReading.OneOffDay] = days
        if let weekday = weekdays.first { named.append(.weekday(weekday)) }
        if let date { named.append(.date(year: date.year, month: date.month, day: date.day)) }
        guard named.count <= 1 else {
            throw PhraseRefusal("the phrase names more than one day", nearest: ["tomorrow at 9", "on thursday at 9", "24 december at 18"])
        }
        if next, weekdays.isEmpty {
            throw PhraseRefusal("\"next\" goes with a weekday", nearest: ["next tuesday at 9", "järgmisel teisipäeval kell 9"])
        }
        guard let day = named.first ?? (time == nil ? nil : .nextTime) else {
            throw PhraseRefusal("the phrase says no time")
        }
        return PhraseReading(language: language, shape: .once(day), time: time)
    }

    private func repeatingReading() throws(PhraseRefusal) -> PhraseReading {
        guard days.isEmpty, !next, date?.year == nil else {
            throw PhraseRefusal("a repeating phrase cannot also name one day", nearest: ["every tuesday at 9", "tomorrow at 9"])
        }
        var interval = interval ?? 1
        var weekdays = weekdays
        var places = places
        if let weekday = secondOrOther, unit != .month {
            let name = PhraseEcho.weekdayNames[weekday - 1]
            // Estonian "iga teine neljapäev" is every other one; English "second" is either.
            guard language == .et, places.count == 1, self.interval == nil else {
                throw PhraseRefusal(
                    "\"second \(name.lowercased())\" has two meanings",
                    readings: ["every other \(name.lowercased())", "the second \(name.lowercased()) of every month"])
            }
            (interval, weekdays, places) = (2, [weekday], [])
        }
        guard (1...EveryExpression.maxInterval).contains(interval) else {
            throw PhraseRefusal("an interval is 1 to \(EveryExpression.maxInterval)", nearest: ["every 2 weeks"])
        }
        let kinds = [
            !weekdays.isEmpty || !groups.isEmpty, !places.isEmpty, !workingPlaces.isEmpty, !monthDays.isEmpty, date != nil,
        ].filter { $0 }.count
        guard kinds <= 1 else {
            throw PhraseRefusal("the phrase names days of two kinds", nearest: ["every monday and friday", "the 1st and 15th of every month"])
        }
        func needs(_ wanted: Unit, _ example: String) throws(PhraseRefusal) {
            guard unit == nil || unit == wanted else { throw PhraseRefusal("these days do not repeat by the \(unit?.rawValue ?? "")", nearest: [example]) }
        }
        var every: EveryExpression
        var fromStart = false
        if let date {
            try needs(.year, "every year on 1 may")
            every = EveryExpression(frequency: .yearly, text: "")
            (every.months, every.monthDays) = ([date.month], [date.day])
        } else if !places.isEmpty || !workingPlaces.isEmpty || !monthDays.isEmpty {
            guard unit == .month else {
                throw PhraseRefusal("say which month these days are counted in", nearest: ["the first monday of every month", "every month on the 15th"])
            }
            every = EveryExpression(frequency: .monthly, text: "")
            every.days = places
            every.monthDays = Array(Set(monthDays)).sorted { ($0 < 0 ? 100 - $0 : $0) < ($1 < 0 ? 100 - $1 : $1) }
            guard every.monthDays.allSatisfy({ (1...31).contains($0) || (-31 ... -1).contains($0) }) else {
                throw PhraseRefusal("a day of the month is 1 to 31", nearest: ["every month on the 15th"])
            }
            if !workingPlaces.isEmpty {
                every.days = Self.workingDays.map { .init(weekday: $0, ordinal: nil) }
                every.setPositions = workingPlaces
            }
        } else if !weekdays.isEmpty || !groups.isEmpty {
            try needs(.week, "every 2 weeks on monday")
            var chosen = Set(weekdays)
            if groups.contains(.weekdays) { chosen.formUnion(Self.workingDays) }
            if groups.contains(.weekend) { chosen.formUnion([7, 1]) }
            every = EveryExpression(frequency: .weekly, text: "")
            // Monday first, as a week is read.
            every.days = chosen.sorted { ($0 + 5) % 7 < ($1 + 5) % 7 }.map { .init(weekday: $0, ordinal: nil) }
        } else {
            let frequencies: [Unit: EveryExpression.Frequency] = [.day: .daily, .week: .weekly, .month: .monthly, .year: .yearly]
            guard let unit, let frequency = frequencies[unit] else {
                throw PhraseRefusal(
                    unit == nil ? "every what?" : "reminders repeat by the day, week, month or year", nearest: ["every day at 9", "every 2 weeks on monday"])
            }
            every = EveryExpression(frequency: frequency, text: "")
            fromStart = frequency != .daily
        }
        every.interval = interval
        every.text = "RRULE:" + every.rruleText
        return PhraseReading(language: language, shape: .repeating(every, fromStart: fromStart), time: time)
    }
}
