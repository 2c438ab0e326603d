import Foundation
import NotifierEngine

/// When a reminder falls due: a recurrence at a time of day, or once, in a time zone, with the
/// public holidays of `daysOff` skipped or moved around if it says so. Pure: `now` and the zone
/// are passed in, the holidays come from the calendar the program gives it.
public struct ReminderSchedule: Sendable, Equatable {
    public enum Timing: Sendable, Equatable {
        case repeating(EveryExpression, hour: Int, minute: Int)
        /// A local date and time: "2026-12-24 18:00".
        case once(year: Int, month: Int, day: Int, hour: Int, minute: Int)
        /// Times found elsewhere (a calendar's alarms, each keyed by its event), in order.
        case instants([ReminderOccurrence])
    }

    /// `skip`: what a public holiday (a day off) does to an occurrence on it.
    public enum HolidayPolicy: String, Sendable, CaseIterable {
        case none = ""
        case skip = "holidays"
        case before = "holidays-before"
        case after = "holidays-after"
    }

    public var timing: Timing
    public var timeZone: TimeZone
    public var holidays: HolidayPolicy
    /// The days off `holidays` heeds; without one, no day is a holiday.
    public var daysOff: (any HolidayCalendar)?

    public init(timing: Timing, timeZone: TimeZone, holidays: HolidayPolicy = .none, daysOff: (any HolidayCalendar)? = nil) {
        self.timing = timing
        self.timeZone = timeZone
        self.holidays = holidays
        self.daysOff = daysOff
    }

    public static func == (lhs: ReminderSchedule, rhs: ReminderSchedule) -> Bool {
        lhs.timing == rhs.timing && lhs.timeZone == rhs.timeZone && lhs.holidays == rhs.holidays && lhs.daysOff?.name == rhs.daysOff?.name
    }

    /// The calendar occurrences are found in: Gregorian, weeks from Monday (RFC 5545's WKST).
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 2
        calendar.locale = Locale(identifier: "en_US_POSIX")
        // ISO weeks, as RFC 5545 numbers them for BYWEEKNO: the first has four days or more.
        calendar.minimumDaysInFirstWeek = 4
        return calendar
    }

    /// The time of day on `day`: a time that does not exist there is moved on by the gap
    /// (03:30 → 04:30), a time that happens twice is its first.
    public func fireTime(on day: CivilDate, hour: Int, minute: Int) -> (date: Date, dst: ReminderOccurrence.DaylightSaving?) {
        let calendar = calendar
        let midnight =
            calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 0, minute: 0))
            ?? Date(timeIntervalSince1970: 0)
        let start = calendar.startOfDay(for: midnight.addingTimeInterval(12 * 3600))
        let date =
            calendar.nextDate(
                after: start.addingTimeInterval(-1), matching: DateComponents(hour: hour, minute: minute, second: 0),
                matchingPolicy: .nextTimePreservingSmallerComponents, repeatedTimePolicy: .first,
                direction: .forward) ?? start
        return (date, daylightSaving(of: date, hour: hour, minute: minute))
    }

    /// What daylight saving did to a time meant as `hour:minute`.
    func daylightSaving(of date: Date, hour: Int, minute: Int) -> ReminderOccurrence.DaylightSaving? {
        let calendar = calendar
        let parts = calendar.dateComponents([.day, .hour, .minute], from: date)
        if parts.hour != hour || parts.minute != minute { return .shifted(wanted: ClockText.hm(hour, minute)) }
        for gap in [1800.0, 3600, 7200] {
            let later = calendar.dateComponents([.day, .hour, .minute], from: date.addingTimeInterval(gap))
            if later == parts { return .repeated }
        }
        return nil
    }

    /// Occurrences at or after `from`, in order: `count` that fire, with those a holiday skipped
    /// (or that a move made fall on another) listed among them, marked.
    public func occurrences(from: Date, count: Int) -> [ReminderOccurrence] {
        guard count > 0 else { return [] }
        switch timing {
        case .once(let year, let month, let day, let hour, let minute):
            guard let date = CivilDate(year: year, month: month, day: day) else { return [] }
            let fire = fireTime(on: date, hour: hour, minute: minute)
            guard fire.date >= from else { return [] }
            return [ReminderOccurrence(date: fire.date, day: date, key: ReminderOccurrence.key(date, hour, minute), dst: fire.dst)]
        case .repeating(let every, let hour, let minute):
            return repeating(every, hour: hour, minute: minute, from: from, count: count)
        case .instants(let all):
            return Array(all.drop { $0.date < from }.prefix(count))
        }
    }

    /// Occurrences in `from...through`, in order (skipped ones included, marked).
    public func occurrences(from: Date, through: Date, limit: Int = 10_000) -> [ReminderOccurrence] {
        var result: [ReminderOccurrence] = []
        var cursor = from
        while result.count < limit {
            let batch = occurrences(from: cursor, count: 64)
            let within = batch.filter { $0.date <= through }
            result += within
            guard within.count == batch.count, let last = batch.last else { break }
            cursor = last.date.addingTimeInterval(1)
        }
        return Array(result.prefix(limit))
    }

    /// The holidays move occurrences by at most this many days (Christmas and a weekend).
    static let moveSlackDays = 10

    private func repeating(_ every: EveryExpression, hour: Int, minute: Int, from: Date, count: Int) -> [ReminderOccurrence] {
        let lower = from.addingTimeInterval(-Double(Self.moveSlackDays) * 86400)
        var holidayNames = PublicHolidays(calendar: daysOff)
        var candidates: [ReminderOccurrence] = []
        var fired = 0
        var fireDays = Set<CivilDate>()
        var stopAfter: CivilDate?
        var steps = 0
        // One day of the expansion; false once enough are found.
        func take(_ date: Date, _ day: CivilDate) -> Bool {
            steps += 1
            if let stop = stopAfter, day > stop { return false }
            guard steps < 100_000 else { return false }
            var occurrence = ReminderOccurrence(
                date: date, day: day, key: ReminderOccurrence.key(day, hour, minute),
                dst: daylightSaving(of: date, hour: hour, minute: minute))
            if holidays != .none, let name = holidayNames.name(day) {
                occurrence.holiday = name
                switch holidays {
                case .none: break
                case .skip: occurrence.skipped = true
                case .before, .after:
                    let moved = holidayNames.workingDay(from: day, step: holidays == .before ? -1 : 1)
                    let fire = fireTime(on: moved, hour: hour, minute: minute)
                    occurrence.movedTo = moved
                    occurrence.date = fire.date
                    occurrence.dst = fire.dst
                }
            }
            candidates.append(occurrence)
            if !occurrence.skipped, occurrence.date >= from {
                fired += 1
                if fired >= count, stopAfter == nil { stopAfter = day.adding(days: Self.moveSlackDays) }
            }
            return true
        }
        // Each day the rule picks; UNTIL, the calendar's end and a rule that never occurs end it.
        every.forEachDay(from: CivilDate(lower, in: timeZone)) { day in take(fireTime(on: day, hour: hour, minute: minute).date, day) }
        var result: [ReminderOccurrence] = []
        for var occurrence in candidates.sorted(by: ReminderOccurrence.precedes) {
            let firesOn = occurrence.movedTo ?? occurrence.day
            if !occurrence.skipped {
                // A move onto a day that has its own occurrence: said once, on that day.
                if fireDays.contains(firesOn) { occurrence.skipped = true } else { fireDays.insert(firesOn) }
            }
            let shownDate = occurrence.skipped ? fireTime(on: occurrence.day, hour: hour, minute: minute).date : occurrence.date
            guard shownDate >= from else { continue }
            result.append(occurrence)
        }
        var trimmed: [ReminderOccurrence] = []
        var firing = 0
        for occurrence in result {
            if !occurrence.skipped {
                guard firing < count else { break }
                firing += 1
            }
            trimmed.append(occurrence)
        }
        while let last = trimmed.last, last.skipped, firing >= count { trimmed.removeLast() }
        return trimmed
    }
}

/// The public holidays (days off), by date, found a year at a time.
struct PublicHolidays {
    let calendar: (any HolidayCalendar)?
    private var years: [Int: [CivilDate: String]] = [:]

    init(calendar: (any HolidayCalendar)?) {
        self.calendar = calendar
    }

    mutating func name(_ day: CivilDate) -> String? {
        if years[day.year] == nil { years[day.year] = calendar?.daysOff(in: day.year) ?? [:] }
        return years[day.year]?[day]
    }

    /// The nearest day before (`step` −1) or after (+1) that is neither a weekend nor a holiday.
    mutating func workingDay(from day: CivilDate, step: Int) -> CivilDate {
        var candidate = day.adding(days: step)
        for _ in 0..<30 {
            let weekend = candidate.weekday == 1 || candidate.weekday == 7
            if !weekend, name(candidate) == nil { return candidate }
            candidate = candidate.adding(days: step)
        }
        return candidate
    }
}

enum ClockText {
    static func hm(_ hour: Int, _ minute: Int) -> String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}
