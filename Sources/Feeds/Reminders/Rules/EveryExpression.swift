import Foundation
import NotifierEngine

/// A reminder's `every`, parsed: the short forms (daily, weekdays, weekends, "mon,thu",
/// "monthly 1", "monthly last fri", "yearly 12-24") and RFC 5545 RRULE strings, all turned into
/// one set of RRULE parts, which `forEachDay` expands. The time of day is not part of it: that
/// is the reminder's `at`.
public struct EveryExpression: Sendable, Equatable, Hashable, CustomStringConvertible {
    public enum Frequency: String, Sendable, CaseIterable {
        case daily = "DAILY"
        case weekly = "WEEKLY"
        case monthly = "MONTHLY"
        case yearly = "YEARLY"
    }

    /// A BYDAY part: a weekday (1 = Sunday … 7 = Saturday, as `Calendar`), with its place in the
    /// month or year (`-1` last, `2` second) or none.
    public struct Day: Sendable, Equatable, Hashable {
        public var weekday: Int
        public var ordinal: Int?
    }

    public var frequency: Frequency
    public var interval = 1
    public var days: [Day] = []
    public var monthDays: [Int] = []
    public var months: [Int] = []
    public var yearDays: [Int] = []
    public var weeks: [Int] = []
    public var setPositions: [Int] = []
    /// RRULE's UNTIL, as the local date it ends on (included).
    public var until: DateComponents?
    /// What the user wrote, for messages.
    public var text: String
    /// Where its periods count from (DTSTART's day), so "every other tuesday" keeps its weeks;
    /// `nil`: 1 January 2024, as for the compact forms and RRULEs of the config.
    public var start: CivilDate?

    public var description: String { text }

    /// Two-letter RFC 5545 names, index 0 = Sunday.
    static let rfcDays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
    static let shortDays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    static let longDays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    static let ordinals = [
        "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
        "fifth": 5, "5th": 5, "last": -1, "second-last": -2,
    ]

    public static let grammar = "daily, weekdays, weekends, \"mon,thu\", \"monthly 1\", \"monthly last fri\", \"yearly 12-24\" or \"RRULE:FREQ=…\""

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var message: String
        /// Well formed, but no day meets all of its parts: the program runs without it, where
        /// `config check` refuses it.
        public var neverOccurs = false
        public var description: String { message }
    }

    init(frequency: Frequency, text: String) {
        self.frequency = frequency
        self.text = text
    }

    public init(parsing raw: String) throws(ParseError) {
        let text = raw.trimmingCharacters(in: .whitespaces)
        func fail(_ why: String) -> ParseError {
            ParseError(message: "\(why); write one of \(Self.grammar), got \(raw.debugDescription)")
        }
        guard text.utf8.count <= 512, !text.isEmpty else { throw fail("is empty or too long") }
        if text.uppercased().hasPrefix("RRULE:") {
            self = try Self.rrule(String(text.dropFirst(6)), text: text)
            return
        }
        let lower = text.lowercased()
        let words = lower.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        switch words.first {
        case "daily":
            guard words.count == 1 else { throw fail("daily takes nothing after it") }
            self.init(frequency: .daily, text: text)
        case "weekdays":
            guard words.count == 1 else { throw fail("weekdays takes nothing after it") }
            self.init(frequency: .weekly, text: text)
            days = (2...6).map { Day(weekday: $0, ordinal: nil) }
        case "weekends":
            guard words.count == 1 else { throw fail("weekends takes nothing after it") }
            self.init(frequency: .weekly, text: text)
            days = [7, 1].map { Day(weekday: $0, ordinal: nil) }
        case "monthly":
            self.init(frequency: .monthly, text: text)
            let rest = Array(words.dropFirst())
            if rest.count == 1 {
                // "monthly 1", "monthly 1,15", "monthly -1" (the last day)
                let numbers = rest[0].split(separator: ",").compactMap { Self.number($0, within: 1...31, signed: true) }
                guard !numbers.isEmpty, numbers.count == rest[0].split(separator: ",").count else {
                    throw fail("monthly takes a day of the month, 1 to 31 or -1 for the last")
                }
                monthDays = numbers
            } else if rest.count == 2, let ordinal = Self.ordinals[rest[0]] ?? Self.number(rest[0], within: 1...5, signed: true),
                let weekday = Self.weekday(rest[1])
            {
                days = [Day(weekday: weekday, ordinal: ordinal)]
            } else {
                throw fail("monthly takes a day (\"monthly 1\") or a weekday's place (\"monthly last fri\", \"monthly 2nd tue\")")
            }
        case "yearly":
            self.init(frequency: .yearly, text: text)
            let parts = words.count == 2 ? words[1].split(separator: "-").map { Int($0) } : []
            guard parts.count == 2, let month = parts[0], let day = parts[1], (1...12).contains(month),
                day >= 1, day <= Self.daysIn(month: month)
            else {
                throw fail("yearly takes a month and day, \"yearly 12-24\"")
            }
            months = [month]
            monthDays = [day]
        default:
            // "mon,thu", "mon, thu", "monday"
            let names = lower.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let weekdays = names.map(Self.weekday)
            let known = weekdays.compactMap { $0 }
            guard !known.isEmpty, known.count == weekdays.count else { throw fail("not a form notifier knows") }
            self.init(frequency: .weekly, text: text)
            days = Array(Set(known)).sorted().map { Day(weekday: $0, ordinal: nil) }
        }
    }

    static func weekday(_ name: String) -> Int? {
        (shortDays.firstIndex(of: name) ?? longDays.firstIndex(of: name)).map { $0 + 1 }
    }

    /// The most days `month` has (29 for February); 0 for no month.
    static func daysIn(month: Int) -> Int {
        (1...12).contains(month) ? CivilDate.daysIn(month: month, year: 2024) : 0
    }

    /// A whole number within ±`range` (only positive unless `signed`), as RRULE writes one
    /// ("+2", "-1"); `nil` for anything else. Checked: "-9223372036854775808" is refused, not
    /// negated.
    static func number(_ text: some StringProtocol, within range: ClosedRange<Int>, signed: Bool) -> Int? {
        guard text.utf8.count <= 6, let number = Int(text) else { return nil }
        return range.contains(number) || (signed && range.contains(-number)) ? number : nil
    }

    /// The RRULE parts notifier expands. DTSTART and COUNT are not among them: a reminder
    /// starts at its anchor (`ReminderSchedule.anchor`), and its `at` is the time of day.
    static func rrule(_ body: String, text: String) throws(ParseError) -> EveryExpression {
        func fail(_ why: String) -> ParseError { ParseError(message: "\(text.debugDescription): \(why)") }
        var parts: [String: String] = [:]
        for pair in body.split(separator: ";") {
            let kv = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
            guard kv.count == 2, !kv[1].isEmpty else { throw fail("\(pair) is not NAME=VALUE") }
            guard parts[kv[0]] == nil else { throw fail("\(kv[0]) is given twice") }
            parts[kv[0]] = kv[1]
        }
        guard let freqText = parts.removeValue(forKey: "FREQ") else { throw fail("needs FREQ=DAILY, WEEKLY, MONTHLY or YEARLY") }
        guard let frequency = Frequency(rawValue: freqText) else {
            throw fail("FREQ=\(freqText) is not one notifier schedules; use DAILY, WEEKLY, MONTHLY or YEARLY (the time of day is `at`)")
        }
        var every = EveryExpression(frequency: frequency, text: text)
        func numbers(_ name: String, _ range: ClosedRange<Int>, signed: Bool) throws(ParseError) -> [Int] {
            guard let value = parts.removeValue(forKey: name) else { return [] }
            var result: [Int] = []
            for item in value.split(separator: ",") {
                guard let number = Self.number(item, within: range, signed: signed) else {
                    throw fail("\(name)=\(value): each must be \(signed ? "±" : "")\(range.lowerBound) to \(range.upperBound)")
                }
                result.append(number)
            }
            return result
        }
        if let interval = parts.removeValue(forKey: "INTERVAL") {
            guard let number = Int(interval), (1...1000).contains(number) else { throw fail("INTERVAL must be 1 to 1000") }
            every.interval = number
        }
        every.monthDays = try numbers("BYMONTHDAY", 1...31, signed: true)
        every.months = try numbers("BYMONTH", 1...12, signed: false)
        every.yearDays = try numbers("BYYEARDAY", 1...366, signed: true)
        every.weeks = try numbers("BYWEEKNO", 1...53, signed: true)
        every.setPositions = try numbers("BYSETPOS", 1...366, signed: true)
        if let byday = parts.removeValue(forKey: "BYDAY") {
            for item in byday.split(separator: ",") {
                let name = String(item.suffix(2))
                let prefix = item.dropLast(2)
                guard let index = rfcDays.firstIndex(of: name) else { throw fail("BYDAY=\(byday): \(item) is not a day (MO, TU, … or -1FR)") }
                var ordinal: Int?
                if !prefix.isEmpty {
                    guard let number = Self.number(prefix, within: 1...53, signed: true), frequency == .monthly || frequency == .yearly
                    else { throw fail("BYDAY=\(byday): \(item)'s place works only with MONTHLY or YEARLY, ±1 to ±53") }
                    ordinal = number
                }
                every.days.append(Day(weekday: index + 1, ordinal: ordinal))
            }
        }
        if let until = parts.removeValue(forKey: "UNTIL") {
            let digits = until.prefix(8)
            guard digits.count == 8, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let year = Int(digits.prefix(4)),
                let month = Int(digits.dropFirst(4).prefix(2)), let day = Int(digits.suffix(2)),
                CivilDate(year: year, month: month, day: day) != nil
            else { throw fail("UNTIL=\(until) is not a date such as 20271231") }
            every.until = DateComponents(year: year, month: month, day: day)
        }
        if parts.removeValue(forKey: "WKST").map({ $0 != "MO" }) ?? false {
            throw fail("WKST other than MO is not supported")
        }
        if parts["COUNT"] != nil {
            throw fail("COUNT needs a start date, which reminders do not have; use UNTIL")
        }
        if let other = parts.keys.sorted().first {
            let timeParts: Set = ["BYHOUR", "BYMINUTE", "BYSECOND", "DTSTART"]
            throw fail(timeParts.contains(other) ? "\(other) is not needed: the time of day is the reminder's `at`" : "\(other) is not supported")
        }
        // Without a weekday, a week's day would be the start's: named, so it is Monday (the anchor's).
        if frequency == .weekly, every.days.isEmpty { every.days = [Day(weekday: 2, ordinal: nil)] }
        if !every.weeks.isEmpty, frequency != .yearly { throw fail("BYWEEKNO works only with FREQ=YEARLY") }
        if !every.yearDays.isEmpty, frequency == .monthly || frequency == .weekly { throw fail("BYYEARDAY does not work with FREQ=\(freqText)") }
        if !every.monthDays.isEmpty, frequency == .weekly { throw fail("BYMONTHDAY does not work with FREQ=WEEKLY") }
        // Parts that never meet (week 1 is never in June) give no date at all: said here, where
        // the config names its line, rather than found empty at every look.
        guard every.occursAtAll else {
            var error = fail("has no occurrence: no day from 1 January 2024\(every.until == nil ? "" : " to its UNTIL") meets all of its parts together")
            error.neverOccurs = true
            throw error
        }
        return every
    }

    /// The RRULE form of it (without the time of day), as python-dateutil and RFC 5545 read it.
    public var rruleText: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if !months.isEmpty { parts.append("BYMONTH=" + months.map(String.init).joined(separator: ",")) }
        if !weeks.isEmpty { parts.append("BYWEEKNO=" + weeks.map(String.init).joined(separator: ",")) }
        if !yearDays.isEmpty { parts.append("BYYEARDAY=" + yearDays.map(String.init).joined(separator: ",")) }
        if !monthDays.isEmpty { parts.append("BYMONTHDAY=" + monthDays.map(String.init).joined(separator: ",")) }
        if !days.isEmpty {
            let names = days.map { day in
                (day.ordinal.map(String.init) ?? "") + (Self.rfcDays.indices.contains(day.weekday - 1) ? Self.rfcDays[day.weekday - 1] : "")
            }
            parts.append("BYDAY=" + names.joined(separator: ","))
        }
        if !setPositions.isEmpty { parts.append("BYSETPOS=" + setPositions.map(String.init).joined(separator: ",")) }
        if let until, let year = until.year, let month = until.month, let day = until.day {
            parts.append(String(format: "UNTIL=%04d%02d%02d", year, month, day))
        }
        return parts.joined(separator: ";")
    }
}
