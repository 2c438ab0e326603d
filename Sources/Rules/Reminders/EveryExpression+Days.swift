import Foundation

/// The days of an `every` by RFC 5545's own rules, period by period: for the forms Foundation's
/// `Calendar.RecurrenceRule` expands wrongly on Linux with Swift 6.3.1, as the check against
/// python-dateutil found (docs/behaviour.md, "Reminders"): a weekday's place in a month or year
/// ("monthly last fri" gave 22 May 2026, not the 29th; "2nd tue" of February 2026 the 3rd),
/// BYSETPOS, and BYWEEKNO (no dates at all). Times of day are the schedule's, not this.
extension EveryExpression {
    var needsOwnExpansion: Bool {
        days.contains { $0.ordinal != nil } || !setPositions.isEmpty || !weeks.isEmpty
    }

    /// Calls `body` with each day on or after `from`, in order, until it returns false; periods
    /// count from the anchor, 1 January 2024 (a Monday).
    func forEachDay(from: HolidayDate, _ body: (HolidayDate) -> Bool) {
        let anchor = HolidayDate(year: 2024, month: 1, day: 1)!
        var period = 0
        // Start at the period holding `from` (rounded down to the interval).
        switch frequency {
        case .daily: period = max(0, anchor.daysUntil(from)) / interval
        case .weekly: period = max(0, anchor.daysUntil(from) / 7) / interval
        case .monthly: period = max(0, (from.year - 2024) * 12 + from.month - 1) / interval
        case .yearly: period = max(0, from.year - 2024 - 1) / interval
        }
        for _ in 0..<20_000 {
            for day in candidates(period: period * interval, anchor: anchor) where day >= from {
                if !body(day) { return }
            }
            period += 1
        }
    }

    /// The days of one period (the `index`-th day, week, month or year from the anchor).
    private func candidates(period index: Int, anchor: HolidayDate) -> [HolidayDate] {
        var span: [HolidayDate]
        var scope: (HolidayDate) -> [HolidayDate] // where a weekday's place is counted
        switch frequency {
        case .daily:
            span = [anchor.adding(days: index)]
            scope = { Self.month(of: $0) }
        case .weekly:
            let monday = anchor.adding(days: 7 * index)
            span = (0..<7).map { monday.adding(days: $0) }
            scope = { Self.month(of: $0) }
        case .monthly:
            let year = 2024 + index / 12
            let month = index % 12 + 1
            span = Self.month(of: HolidayDate(year: year, month: month, day: 1)!)
            scope = { _ in span }
        case .yearly:
            let year = 2024 + index
            span = weeks.isEmpty ? Self.year(year) : Self.isoYear(year)
            let whole = span
            scope = months.isEmpty ? { _ in whole } : { Self.month(of: $0) }
        }
        var days = span.filter { day in
            (months.isEmpty || months.contains(day.month))
                && (weeks.isEmpty || matchesWeek(day, in: span))
                && (yearDays.isEmpty || yearDays.contains { Self.resolve($0, count: Self.year(day.year).count) == Self.dayOfYear(day) })
                && (monthDays.isEmpty || monthDays.contains { Self.resolve($0, count: HolidayDate.daysIn(month: day.month, year: day.year)) == day.day })
        }
        // RFC 5545: without a day of its own, a month's or year's day is the start's (the 1st, 1 January).
        if days.count > 1, self.days.isEmpty, monthDays.isEmpty, yearDays.isEmpty, weeks.isEmpty {
            if frequency == .monthly { days = days.filter { $0.day == 1 } }
            if frequency == .yearly { days = days.filter { $0.day == 1 && (months.isEmpty ? $0.month == 1 : true) } }
        }
        if !self.days.isEmpty {
            days = days.filter { day in
                self.days.contains { wanted in
                    guard wanted.weekday == day.weekday else { return false }
                    guard let ordinal = wanted.ordinal else { return true }
                    let same = scope(day).filter { $0.weekday == wanted.weekday }
                    return Self.resolve(ordinal, count: same.count).map { same.indices.contains($0 - 1) && same[$0 - 1] == day } ?? false
                }
            }
        }
        days.sort()
        guard !setPositions.isEmpty else { return days }
        let chosen = Set(setPositions.compactMap { Self.resolve($0, count: days.count) }.filter { (1...days.count).contains($0) }.map { days[$0 - 1] })
        return days.filter(chosen.contains)
    }

    private func matchesWeek(_ day: HolidayDate, in isoYear: [HolidayDate]) -> Bool {
        let count = isoYear.count / 7
        let week = isoYear.first.map { $0.daysUntil(day) / 7 + 1 } ?? 0
        return weeks.contains { Self.resolve($0, count: count) == week }
    }

    /// A 1-based place counted from the start, or from the end when negative; `nil` if outside.
    static func resolve(_ place: Int, count: Int) -> Int? {
        let index = place > 0 ? place : count + 1 + place
        return (1...max(count, 1)).contains(index) ? index : nil
    }

    static func month(of day: HolidayDate) -> [HolidayDate] {
        (1...HolidayDate.daysIn(month: day.month, year: day.year)).map { HolidayDate(year: day.year, month: day.month, day: $0)! }
    }

    static func year(_ year: Int) -> [HolidayDate] {
        let first = HolidayDate(year: year, month: 1, day: 1)!
        return (0..<first.daysUntil(HolidayDate(year: year + 1, month: 1, day: 1)!)).map { first.adding(days: $0) }
    }

    static func dayOfYear(_ day: HolidayDate) -> Int {
        HolidayDate(year: day.year, month: 1, day: 1)!.daysUntil(day) + 1
    }

    /// The days of ISO year `year`: from the Monday of the week holding 4 January.
    static func isoYear(_ year: Int) -> [HolidayDate] {
        func weekOne(_ year: Int) -> HolidayDate {
            let fourth = HolidayDate(year: year, month: 1, day: 4)!
            return fourth.adding(days: -((fourth.weekday + 5) % 7))
        }
        let start = weekOne(year)
        return (0..<start.daysUntil(weekOne(year + 1))).map { start.adding(days: $0) }
    }
}
