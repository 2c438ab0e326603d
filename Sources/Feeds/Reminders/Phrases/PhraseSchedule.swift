import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// A phrase placed in time: the schedule it makes from `now` in a zone, the words it is echoed
/// back in, and its RRULE (none for a one-off). Pure: the clock and the zone come in.
public struct PhraseSchedule: Sendable, Equatable {
    public var reading: PhraseReading
    public var timing: ReminderSchedule.Timing
    /// "every other Tuesday at 09:00, counting from Tuesday 8 December 2026".
    public var understood: String
    /// "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"; `nil` for a one-off.
    public var rrule: String?
    /// The day the rule's periods count from, when it matters (an interval, or a part the start gives).
    public var start: CivilDate?

    public var every: EveryExpression? {
        if case .repeating(let every, _, _) = timing { return every }
        return nil
    }

    public var timeOfDay: PhraseReading.TimeOfDay? {
        switch timing {
        case .repeating(_, let hour, let minute), .once(_, _, _, let hour, let minute): return .init(hour: hour, minute: minute)
        case .instants: return nil
        }
    }
}

extension PhraseReading {
    /// The schedule from `now` in `timeZone`. `defaultTime`: the time of day when the phrase
    /// names none (a reminder's `at`); without one, such a phrase is refused. `start`: where a
    /// kept rule's periods count from; without one, the first day it falls on from `now`.
    public func resolved(now: Date, timeZone: TimeZone, defaultTime: TimeOfDay? = nil, start: CivilDate? = nil) throws(PhraseRefusal)
        -> PhraseSchedule
    {
        let today = CivilDate(now, in: timeZone)
        let zoneOnly = ReminderSchedule(timing: .instants([]), timeZone: timeZone)
        if case .after(let minutes) = shape { return inMinutes(minutes, now: now, zone: zoneOnly) }
        guard let time = time ?? defaultTime else {
            throw PhraseRefusal("the phrase needs a time of day", nearest: [Self.withTime(language)])
        }
        func fires(_ day: CivilDate) -> Bool { zoneOnly.fireTime(on: day, hour: time.hour, minute: time.minute).date >= now }
        switch shape {
        case .repeating(var every, let fromStart):
            var first = start
            if first == nil, fromStart {
                first = fires(today) ? today : today.adding(days: 1)
            } else if first == nil, every.interval > 1 {
                var single = every
                single.interval = 1
                let schedule = ReminderSchedule(timing: .repeating(single, hour: time.hour, minute: time.minute), timeZone: timeZone)
                first = schedule.occurrences(from: now, count: 1).first?.day
            }
            if fromStart, let first {
                switch every.frequency {
                case .weekly: every.days = [.init(weekday: first.weekday, ordinal: nil)]
                case .monthly: every.monthDays = [first.day]
                case .yearly: (every.months, every.monthDays) = ([first.month], [first.day])
                case .daily: break
                }
            }
            every.start = first
            every.text = "RRULE:" + every.rruleText
            var words = PhraseEcho.words(every) + " at \(time.text)"
            if let first, every.interval > 1 || fromStart { words += ", counting from \(PhraseEcho.day(first))" }
            return PhraseSchedule(
                reading: self, timing: .repeating(every, hour: time.hour, minute: time.minute), understood: words, rrule: every.text, start: first)
        case .once(let wanted):
            let day: CivilDate
            switch wanted {
            case .today: day = today
            case .tomorrow: day = today.adding(days: 1)
            case .dayAfterTomorrow: day = today.adding(days: 2)
            case .weekday(let weekday): day = today.adding(days: (weekday - today.weekday + 6) % 7 + 1)
            case .nextTime: day = fires(today) ? today : today.adding(days: 1)
            case .date(let year?, let month, let day_):
                guard let exact = CivilDate(year: year, month: month, day: day_) else { throw PhraseRefusal("that date does not exist") }
                day = exact
            case .date(nil, let month, let day_):
                // The next time it comes: this year if still ahead, else the next year it exists.
                guard let next = (today.year...today.year + 8).lazy.compactMap({ CivilDate(year: $0, month: month, day: day_) }).first(where: fires)
                else { throw PhraseRefusal("that date does not exist") }
                day = next
            }
            guard fires(day) else {
                throw PhraseRefusal(
                    "\(PhraseEcho.day(day)) at \(time.text) is in the past", nearest: ["tomorrow at \(time.text)", "in 2 days at \(time.text)"])
            }
            return Self.once(self, day, time)
        case .afterDays(let days):
            return Self.once(self, today.adding(days: days), time)
        case .after(let minutes): return inMinutes(minutes, now: now, zone: zoneOnly)
        }
    }

    private func inMinutes(_ minutes: Int, now: Date, zone: ReminderSchedule) -> PhraseSchedule {
        // To the minute: a one-off is kept as a local minute.
        let date = Date(timeIntervalSince1970: ((now.timeIntervalSince1970 + Double(minutes) * 60) / 60).rounded() * 60)
        let day = CivilDate(date, in: zone.timeZone)
        let parts = zone.calendar.dateComponents([.hour, .minute], from: date)
        let time = TimeOfDay(hour: parts.hour ?? 0, minute: parts.minute ?? 0)
        return PhraseSchedule(
            reading: self, timing: .once(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute),
            understood: "in \(PhraseEcho.span(minutes)), \(PhraseEcho.day(day)) at \(time.text)")
    }

    private static func once(_ reading: PhraseReading, _ day: CivilDate, _ time: TimeOfDay) -> PhraseSchedule {
        PhraseSchedule(
            reading: reading, timing: .once(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute),
            understood: "once, \(PhraseEcho.day(day)) at \(time.text)")
    }

    static func withTime(_ language: Language) -> String {
        language == .et ? "iga teine teisipäev kell 19" : "every other tuesday at 9"
    }
}
