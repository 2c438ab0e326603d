import Foundation
import NotifierEngine

/// The days of an `every`, by RFC 5545's own rules, period by period (a day, a week, a month or
/// a year, every INTERVAL-th from 1 January 2024), as python-dateutil's rrule reads them: the
/// check against it (`ReminderRecurrenceTests`, `RandomRecurrenceTests`) found Foundation's
/// `Calendar.RecurrenceRule` on Linux wrong for a weekday's place, BYSETPOS, BYWEEKNO and BYMONTH
/// beside BYYEARDAY, so notifier expands every rule itself. Times of day are the schedule's.
///
/// Every bound is checked: no input makes it trap, and it ends at the rule's UNTIL, at the year
/// 9999, or after a whole cycle of the calendar (400 years, weekdays included) without a day,
/// since nothing can come after that.
extension EveryExpression {
    /// Where periods count from: 1 January 2024, a Monday (as DTSTART for dateutil).
    static let anchorDay = CivilDate(year: 2024, month: 1, day: 1)!
    static let maxInterval = 1000

    /// Calls `body` with each day on or after `from`, in order, until it returns false.
    func forEachDay(from: CivilDate, _ body: (CivilDate) -> Bool) {
        guard (1...Self.maxInterval).contains(interval) else { return }
        let start = max(from, self.start ?? Self.anchorDay)
        let last = untilDay
        var period = firstPeriod(holding: start)
        var emptyPeriods = 0
        while emptyPeriods < cyclePeriods {
            guard let span = span(period: period), let first = span.first else { return }
            if let last, first > last { return }
            let days = candidates(in: span)
            emptyPeriods = days.isEmpty ? emptyPeriods + 1 : 0
            for day in days where day >= start {
                if let last, day > last { return }
                if !body(day) { return }
            }
            period += 1
        }
    }

    /// Whether any day at all ever falls on it.
    public var occursAtAll: Bool {
        var found = false
        forEachDay(from: Self.anchorDay) { _ in
            found = true
            return false
        }
        return found
    }

    /// UNTIL as a day; a date that does not exist ends nothing (the parser refuses one).
    var untilDay: CivilDate? {
        guard let until, let year = until.year, let month = until.month, let day = until.day else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }

    /// Where this rule's periods count from: its start's day, week (from Monday), month or
    /// year, as dateutil counts from DTSTART; without a start, `anchorDay`.
    var periodAnchor: CivilDate {
        guard let start else { return Self.anchorDay }
        switch frequency {
        case .daily: return start
        case .weekly: return start.adding(days: -((start.weekday + 5) % 7))
        case .monthly: return CivilDate(year: start.year, month: start.month, day: 1) ?? start
        case .yearly: return CivilDate(year: start.year, month: 1, day: 1) ?? start
        }
    }

    /// The index (in INTERVALs) of the period that holds `day`, on or after the anchor.
    private func firstPeriod(holding day: CivilDate) -> Int {
        let anchor = periodAnchor
        let days = max(0, anchor.daysUntil(day))
        let units: Int
        switch frequency {
        case .daily: units = days
        case .weekly: units = days / 7
        case .monthly: units = max(0, (day.year - anchor.year) * 12 + day.month - anchor.month)
        case .yearly: units = max(0, day.year - anchor.year)
        }
        return units / interval
    }

    /// How many periods in a row can be empty before the calendar has come round: 400 Gregorian
    /// years are 146,097 days, 20,871 weeks, 4,800 months, and start on the same weekday.
    private var cyclePeriods: Int {
        let units: Int
        switch frequency {
        case .daily: units = 146_097
        case .weekly: units = 20_871
        case .monthly: units = 4_800
        case .yearly: units = 400
        }
        return units / Self.gcd(units, interval)
    }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (abs(a), abs(b))
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }

    /// The days of the `period`-th period, in order; `nil` past the year 9999.
    private func span(period: Int) -> [CivilDate]? {
        let (units, overflow) = period.multipliedReportingOverflow(by: interval)
        guard !overflow, units >= 0, units <= 9999 * 366 else { return nil }
        let anchor = periodAnchor
        switch frequency {
        case .daily:
            return Self.days(from: anchor.adding(days: units), count: 1)
        case .weekly:
            return Self.days(from: anchor.adding(days: 7 * units), count: 7)
        case .monthly:
            let months = anchor.month - 1 + units
            guard let first = CivilDate(year: anchor.year + months / 12, month: months % 12 + 1, day: 1) else { return nil }
            return Self.days(from: first, count: CivilDate.daysIn(month: first.month, year: first.year))
        case .yearly:
            guard let first = CivilDate(year: anchor.year + units, month: 1, day: 1) else { return nil }
            return Self.days(from: first, count: CivilDate.isLeap(first.year) ? 366 : 365)
        }
    }

    /// `count` days from `first`, those past the year 9999 left out; `nil` if none is left.
    private static func days(from first: CivilDate, count: Int) -> [CivilDate]? {
        let days = (0..<count).map { first.adding(days: $0) }.filter { $0.year <= 9999 }
        return days.isEmpty ? nil : days
    }

    /// The days of one period that the rule picks.
    private func candidates(in span: [CivilDate]) -> [CivilDate] {
        // RFC 5545 (and dateutil): with no day of its own, a rule falls on the start's day of
        // the month, and a yearly one in the start's month too: the 1st, January.
        let ownDay = !days.isEmpty || !monthDays.isEmpty || !yearDays.isEmpty || !weeks.isEmpty
        let monthDays = ownDay || frequency == .daily || frequency == .weekly ? self.monthDays : [1]
        let months = !ownDay && frequency == .yearly && self.months.isEmpty ? [1] : self.months
        // A weekday's place counts in the month (MONTHLY, or YEARLY with BYMONTH) or the year;
        // DAILY and WEEKLY have no place to count in, so dateutil reads it as the plain weekday.
        let placed = frequency == .monthly || frequency == .yearly
        let plainWeekdays = Set(days.filter { $0.ordinal == nil || !placed }.map(\.weekday))
        let placedDays = placed ? days.filter { $0.ordinal != nil } : []
        let chosen = span.filter { day in
            (months.isEmpty || months.contains(day.month))
                && (weeks.isEmpty || matchesWeek(day))
                && (yearDays.isEmpty || yearDays.contains { Self.resolve($0, count: Self.daysIn(year: day.year)) == Self.dayOfYear(day) })
                && (monthDays.isEmpty || monthDays.contains { Self.resolve($0, count: CivilDate.daysIn(month: day.month, year: day.year)) == day.day })
                // RFC 5545: BYDAY's values are alternatives, "MO,1FR" any Monday and the first Friday.
                && (days.isEmpty || plainWeekdays.contains(day.weekday) || placedDays.contains { matchesPlace($0, day) })
        }
        guard !setPositions.isEmpty else { return chosen }
        let picked = Set(setPositions.compactMap { Self.resolve($0, count: chosen.count) }.map { chosen[$0 - 1] })
        return chosen.filter(picked.contains)
    }

    /// Whether `day` is the `wanted` weekday at its place (2nd, last) in its month or year.
    private func matchesPlace(_ wanted: Day, _ day: CivilDate) -> Bool {
        guard wanted.weekday == day.weekday, let ordinal = wanted.ordinal else { return false }
        let inMonth = frequency == .monthly || !months.isEmpty
        let first = CivilDate(year: day.year, month: inMonth ? day.month : 1, day: 1) ?? day
        let last = CivilDate(year: day.year, month: inMonth ? day.month : 12, day: inMonth ? CivilDate.daysIn(month: day.month, year: day.year) : 31) ?? day
        let fromStart = first.daysUntil(day) / 7 + 1
        let fromEnd = -(day.daysUntil(last) / 7 + 1)
        return ordinal == fromStart || ordinal == fromEnd
    }

    /// BYWEEKNO: ISO 8601 weeks (from Monday; the first holds 4 January). A positive number is
    /// the week's, whichever year it belongs to (1 January may be in week 53, 30 December in
    /// week 1); a negative one counts back from the last week of the day's own year or, for the
    /// days before its first week, of the year before: as dateutil reads them.
    private func matchesWeek(_ day: CivilDate) -> Bool {
        let iso = Self.isoWeek(day)
        return weeks.contains { wanted in
            wanted > 0 ? wanted == iso.week : iso.year <= day.year && Self.resolve(wanted, count: iso.weeksInYear) == iso.week
        }
    }

    /// The ISO week of `day`: its year, number, and how many weeks that year has (52 or 53).
    static func isoWeek(_ day: CivilDate) -> (year: Int, week: Int, weeksInYear: Int) {
        let mondayBased = (day.weekday + 5) % 7 // Monday 0 … Sunday 6
        // A week belongs to the year its Thursday is in.
        let thursday = day.adding(days: 3 - mondayBased)
        let week = (dayOfYear(thursday) - 1) / 7 + 1
        // A year has 53 weeks when it starts on a Thursday, or on a Wednesday in a leap year.
        let januaryFirst = thursday.adding(days: 1 - dayOfYear(thursday)).weekday
        let long = januaryFirst == 5 || (januaryFirst == 4 && CivilDate.isLeap(thursday.year))
        return (thursday.year, week, long ? 53 : 52)
    }

    /// A 1-based place counted from the start, or from the end when negative; `nil` if outside
    /// or zero. Never traps: a place beyond any count is simply outside.
    static func resolve(_ place: Int, count: Int) -> Int? {
        guard count > 0, place != 0, place >= -count, place <= count else { return nil }
        return place > 0 ? place : count + 1 + place
    }

    static func daysIn(year: Int) -> Int { CivilDate.isLeap(year) ? 366 : 365 }

    static func dayOfYear(_ day: CivilDate) -> Int {
        CivilDate.dayNumber(year: day.year, month: 1, day: 1).distance(to: day.dayNumber) + 1
    }
}
