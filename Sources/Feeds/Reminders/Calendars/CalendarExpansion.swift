import CICal
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The occurrences of a file's events in a window, with their alarms' instants: RRULE through
/// libical's iterator (lazily, from the window's start when it can), RDATE added, EXDATE
/// removed, RECURRENCE-ID overrides in place of the occurrence they name, cancelled ones left
/// out; each rule's steps bounded by an `ExpansionBudget`. Pure: the zone and the window are
/// passed in.
public struct CalendarExpansion: Sendable {
    /// The longest window expanded at once.
    public static let maxWindow: TimeInterval = 400 * 86400

    public var local: TimeZone
    /// `all_day_at`: the time of day `default_alarm` counts from for an all-day event.
    public var allDayAt: (hour: Int, minute: Int)
    /// `default_alarm`: seconds before the start, for events without an alarm.
    public var defaultAlarm: TimeInterval?

    public init(local: TimeZone, allDayAt: (hour: Int, minute: Int) = (9, 0), defaultAlarm: TimeInterval? = nil) {
        self.local = local
        self.allDayAt = allDayAt
        self.defaultAlarm = defaultAlarm
    }

    /// The occurrences that overlap `from..<to` or have an alarm in it, sorted by start.
    public func occurrences(of events: [CalendarEvent], file: String, from: Date, to rawTo: Date) -> [EventOccurrence] {
        expand(events, file: file, from: from, to: rawTo).occurrences
    }

    /// The occurrences, one line naming the events whose steps ran out before the window's end
    /// and where the first of them stops (`cutAfter`), with a budget of its own.
    public func expand(_ events: [CalendarEvent], file: String, from: Date, to rawTo: Date) -> (
        occurrences: [EventOccurrence], cut: [CalendarProblem], cutAfter: Date?
    ) {
        var budget = ExpansionBudget()
        return expand(events, file: file, from: from, to: rawTo, budget: &budget)
    }

    /// The same with `budget` shared with the pass's other files.
    public func expand(_ events: [CalendarEvent], file: String, from: Date, to rawTo: Date, budget: inout ExpansionBudget) -> (
        occurrences: [EventOccurrence], cut: [CalendarProblem], cutAfter: Date?
    ) {
        let to = min(rawTo, from.addingTimeInterval(Self.maxWindow))
        guard from < to else { return ([], [], nil) }
        budget.startFile()
        var cuts: [ExpansionBudget.Cut] = []
        var overrides: [String: [CalendarEvent]] = [:]
        for event in events where event.recurrenceID != nil { overrides[event.uid, default: []].append(event) }
        var result: [EventOccurrence] = []
        for master in events where master.recurrenceID == nil {
            let replaced = overrides[master.uid] ?? []
            let replacedAt = Dictionary(replaced.map { (recurrenceInstant($0.recurrenceID!, of: master), $0) }, uniquingKeysWith: { $1 })
            let margin = reach(master)
            let allowance = budget.allowance
            let expanded = recurrenceStarts(master, from: from.addingTimeInterval(-margin), to: to.addingTimeInterval(margin), budget: &budget)
            if let last = expanded.cutAfter {
                cuts.append(ExpansionBudget.Cut(event: master, allowance: allowance, after: last, timedOut: expanded.timedOut))
            }
            var starts = Set(expanded.starts)
            for date in master.rdates {
                starts.insert(
                    CalendarTime(
                        year: date.year, month: date.month, day: date.day, hour: date.hour, minute: date.minute, second: date.second,
                        isDate: master.start.isDate, anchor: date.anchor))
            }
            let excluded = Set(master.exdates.map { recurrenceInstant($0, of: master) })
            var seen = Set<Date>()
            for start in starts {
                let original = recurrenceInstant(start, of: master)
                guard !excluded.contains(original), seen.insert(original).inserted else { continue }
                let event = replacedAt[original] ?? master
                if let occurrence = occurrence(event, startingAt: event.recurrenceID == nil ? start : event.start, file: file, from: from, to: to) {
                    result.append(occurrence)
                }
            }
            // An override of an occurrence the rule does not make (RDATE-like) still happens.
            for event in replaced
            where !seen.contains(recurrenceInstant(event.recurrenceID!, of: master)) && !excluded.contains(recurrenceInstant(event.recurrenceID!, of: master)) {
                if let occurrence = occurrence(event, startingAt: event.start, file: file, from: from, to: to) { result.append(occurrence) }
            }
        }
        // Overrides without their series (a vdir file holding only the exception).
        let masters = Set(events.filter { $0.recurrenceID == nil }.map(\.uid))
        for (uid, orphans) in overrides where !masters.contains(uid) {
            for event in orphans {
                if let occurrence = occurrence(event, startingAt: event.start, file: file, from: from, to: to) { result.append(occurrence) }
            }
        }
        let cut = ExpansionBudget.cutLine(cuts, file: file).map { [$0] } ?? []
        return (result.sorted { $0.start != $1.start ? $0.start < $1.start : $0.uid < $1.uid }, cut, cuts.map(\.after).min())
    }

    /// How far an occurrence's alarms and length reach from its start, for the window's margins:
    /// a day more for the zones, except for a rule finer than a day, whose steps that day would
    /// spend before the window (a timed rule's instants are exact).
    func reach(_ event: CalendarEvent) -> TimeInterval {
        let slack: TimeInterval = Self.isFinerThanADay(event) ? 0 : 86400
        var reach = event.duration + slack + (defaultAlarm ?? 0)
        for alarm in event.alarms {
            if case .relative(let seconds, _) = alarm.trigger { reach = max(reach, abs(seconds) + event.duration + slack) }
        }
        return min(reach, Self.maxWindow)
    }

    /// A timed series repeating by the second, minute or hour.
    static func isFinerThanADay(_ event: CalendarEvent) -> Bool {
        guard !event.start.isDate, let rule = event.rrule?.uppercased() else { return false }
        return ["FREQ=SECONDLY", "FREQ=MINUTELY", "FREQ=HOURLY"].contains { rule.contains($0) }
    }

    /// Where an occurrence's start (or a RECURRENCE-ID, EXDATE) falls, read in the series' zone
    /// when it has none of its own (a date-only EXDATE of a timed series names that day).
    func recurrenceInstant(_ time: CalendarTime, of master: CalendarTime) -> Date {
        var time = time
        // A date-time naming an occurrence of an all-day series (Outlook writes midnight in
        // its zone): that date.
        if !time.isDate, master.isDate { time = CalendarTime(year: time.year, month: time.month, day: time.day, isDate: true) }
        if time.isDate, !master.isDate {
            time = CalendarTime(
                year: time.year, month: time.month, day: time.day, hour: master.hour, minute: master.minute,
                second: master.second, anchor: master.anchor)
        }
        return time.isDate ? time.instant(local: .gmt) : time.instant(local: local)
    }

    func recurrenceInstant(_ time: CalendarTime, of master: CalendarEvent) -> Date {
        recurrenceInstant(time, of: master.start)
    }

    func occurrence(_ event: CalendarEvent, startingAt start: CalendarTime, file: String, from: Date, to: Date) -> EventOccurrence? {
        guard !event.cancelled else { return nil }
        let zone = start.zone(local: local)
        let begins = start.instant(local: local)
        let ends = begins.addingTimeInterval(event.duration)
        // An all-day event's own alarms count from its day's midnight (RFC 5545: Google's "the
        // day before at 9:00" is -PT15H); `all_day_at` only places `default_alarm`.
        let defaultAlarmStart = start.isDate ? start.instant(local: local, dayStart: allDayAt) : begins
        var alarms: [Date] = []
        if !event.declined {
            for alarm in event.alarms {
                let first: Date
                switch alarm.trigger {
                case .relative(let seconds, let fromEnd): first = (fromEnd ? ends : begins).addingTimeInterval(seconds)
                case .absolute(let date): first = date
                }
                alarms.append(first)
                if let repeats = alarm.repeats, repeats.count > 0 {
                    alarms += (1...repeats.count).map { first.addingTimeInterval(Double($0) * repeats.every) }
                }
            }
            if event.alarms.isEmpty, let lead = defaultAlarm { alarms.append(defaultAlarmStart.addingTimeInterval(-lead)) }
        }
        alarms = Array(Set(alarms)).sorted()
        let overlaps = begins < to && (ends > from || begins >= from)
        guard overlaps || alarms.contains(where: { $0 >= from && $0 < to }) else { return nil }
        let day = start.isDate ? CivilDate(year: start.year, month: start.month, day: start.day)! : CivilDate(begins, in: zone)
        var occurrence = EventOccurrence(
            uid: event.uid, summary: event.summary, location: event.location, description: event.description,
            start: begins, end: ends, allDay: start.isDate, day: day, key: Self.key(start, begins), alarms: alarms, file: file)
        occurrence.busy = event.busy && !event.cancelled && !event.declined
        return occurrence
    }

    /// "2026-11-25T07:45:00Z" for a time, "2026-11-25" for a day.
    static func key(_ start: CalendarTime, _ instant: Date) -> String {
        if start.isDate { return String(format: "%04d-%02d-%02d", start.year, start.month, start.day) }
        return instant.formatted(.iso8601)
    }

    /// The starts RRULE makes (DTSTART included) whose instants fall in `from..<to`, as wall
    /// times in the series' anchor; a series without RRULE starts once. At most the budget's
    /// allowance of starts are made, and spent from it; `cutAfter`: the last one made when they
    /// ran out before `to` (`timedOut`: a rule finer than a day with BY parts ran out of time).
    func recurrenceStarts(_ event: CalendarEvent, from: Date, to: Date, budget: inout ExpansionBudget) -> (
        starts: [CalendarTime], cutAfter: Date?, timedOut: Bool
    ) {
        guard let text = event.rrule, cical_load_library() == nil else { return ([event.start], nil, false) }
        cical_clear_errno()
        var rule = text.withCString { cical_icalrecurrencetype_from_string($0) }
        guard rule.freq != ICAL_NO_RECURRENCE else { return ([event.start], nil, false) }
        let anchor = event.start
        // UNTIL in UTC against a series in a zone: compared as the series' wall time, which is
        // how libical's iterator reads it.
        if cical_icaltime_is_null_time(rule.until) == 0, !anchor.isDate, cical_icaltime_is_utc(rule.until) != 0 {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = anchor.zone(local: local)
            let utc = CalendarTime(
                year: Int(rule.until.year), month: Int(rule.until.month), day: Int(rule.until.day), hour: Int(rule.until.hour),
                minute: Int(rule.until.minute), second: Int(rule.until.second), anchor: .utc
            ).instant(local: local)
            let wall = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: utc)
            rule.until = Self.icalTime(
                year: wall.year!, month: wall.month!, day: wall.day!, hour: wall.hour!, minute: wall.minute!, second: wall.second!, isDate: false)
        } else if cical_icaltime_is_null_time(rule.until) == 0 {
            rule.until.zone = nil
        }
        var dtstart = Self.icalTime(
            year: anchor.year, month: anchor.month, day: anchor.day, hour: anchor.hour, minute: anchor.minute,
            second: anchor.second, isDate: anchor.isDate)
        // The iterator starts at the window: two days early for the zones; a rule finer than a
        // day at the last wall time before the window a whole number of steps from DTSTART.
        // Without BY parts that time is an occurrence, and the series begun there is the same
        // series: its DTSTART moves (libical's set_start counts INTERVAL from where it starts),
        // and a COUNT loses the occurrences skipped. With COUNT and BY parts it starts at DTSTART.
        let step = Self.fineStep(rule)
        let early = step == nil ? 2 * 86400.0 : 0
        let plain = step != nil && !text.uppercased().contains("BY")
        var start: icaltimetype?
        if rule.count == 0 || plain, anchor.instant(local: local) < from.addingTimeInterval(-early) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = anchor.zone(local: local)
            var wall = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: from.addingTimeInterval(-early))
            var skipped = 0
            if let step {
                skipped = Self.alignedSteps(wall, to: anchor, step: step)
                wall = Self.wall(anchor, plus: skipped * step) ?? wall
            } else {
                (wall.hour, wall.minute, wall.second) = (0, 0, 0)
            }
            let moved = Self.icalTime(
                year: wall.year!, month: wall.month!, day: wall.day!, hour: wall.hour!, minute: wall.minute!, second: wall.second!,
                isDate: anchor.isDate)
            if plain {
                if rule.count > 0 {
                    guard Int(rule.count) > skipped else { return ([], nil, false) }
                    rule.count -= Int32(skipped)
                }
                dtstart = moved
            } else {
                start = moved
            }
        }
        let limit = budget.allowance
        var made: Made?
        var iterator: OpaquePointer?
        defer { if let iterator { cical_icalrecur_iterator_free(iterator) } }
        if step != nil, !plain {
            let began = ContinuousClock.now
            let milliseconds = budget.timeAllowance
            made = boundedStarts(rule, dtstart: dtstart, start: start, anchor: anchor, to: to, steps: limit, milliseconds: milliseconds)
            budget.spend(time: ContinuousClock.now - began)
        } else {
            guard let own = cical_icalrecur_iterator_new(rule, dtstart) else { return ([event.start], nil, false) }
            iterator = own
            if let start { _ = cical_icalrecur_iterator_set_start(own, start) }
        }
        // One calendar for every start: a new one per step costs more than the step.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = anchor.isDate ? local : anchor.zone(local: local)
        var result: [CalendarTime] = []
        var steps = 0
        var last: Date?
        defer { budget.spend(steps) }
        while true {
            guard steps < limit else { return (result, last ?? from, false) }
            steps += 1
            let next = iterator.map { cical_icalrecur_iterator_next($0) } ?? made?.next() ?? cical_icaltime_null_time()
            guard cical_icaltime_is_null_time(next) == 0 else { break }
            let time = CalendarTime(
                year: Int(next.year), month: Int(next.month), day: Int(next.day), hour: Int(next.hour), minute: Int(next.minute),
                second: Int(next.second), isDate: anchor.isDate, anchor: anchor.anchor)
            let parts = DateComponents(
                year: time.year, month: time.month, day: time.day, hour: time.isDate ? 0 : time.hour, minute: time.isDate ? 0 : time.minute,
                second: time.isDate ? 0 : time.second)
            let instant = calendar.date(from: parts) ?? Date(timeIntervalSince1970: 0)
            if instant >= to { break }
            if instant >= from { result.append(time) }
            last = instant
        }
        return made?.timedOut == true ? (result, last ?? from, true) : (result, nil, false)
    }

    /// A timed rule's step in wall-clock seconds when it repeats by the second, minute or hour.
    static func fineStep(_ rule: icalrecurrencetype) -> Int? {
        let unit: Int
        switch rule.freq {
        case ICAL_SECONDLY_RECURRENCE: unit = 1
        case ICAL_MINUTELY_RECURRENCE: unit = 60
        case ICAL_HOURLY_RECURRENCE: unit = 3600
        default: return nil
        }
        return unit * max(1, Int(rule.interval))
    }

    /// How many whole steps from DTSTART the last wall time at or before `wall` is: libical's
    /// iterator, started elsewhere, counts its INTERVAL from there instead.
    static func alignedSteps(_ wall: DateComponents, to anchor: CalendarTime, step: Int) -> Int {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        guard let origin = utc.date(from: anchor.wallFields), let target = utc.date(from: wall) else { return 0 }
        return max(0, Int(target.timeIntervalSince(origin)) / step)
    }

    /// The wall time `seconds` after the anchor's (counted in UTC: libical steps wall time).
    static func wall(_ anchor: CalendarTime, plus seconds: Int) -> DateComponents? {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        guard let origin = utc.date(from: anchor.wallFields) else { return nil }
        return utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: origin.addingTimeInterval(Double(seconds)))
    }

    static func icalTime(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, isDate: Bool) -> icaltimetype {
        var time = cical_icaltime_null_time()
        time.year = Int32(year)
        time.month = Int32(month)
        time.day = Int32(day)
        time.hour = Int32(isDate ? 0 : hour)
        time.minute = Int32(isDate ? 0 : minute)
        time.second = Int32(isDate ? 0 : second)
        time.is_date = isDate ? 1 : 0
        return time
    }
}
