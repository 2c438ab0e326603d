import Foundation
import NotifierEngine

/// One time a reminder falls due, as `notifier next` lists it and the scheduler fires it.
public struct ReminderOccurrence: Sendable, Equatable, Hashable {
    /// What daylight saving did to its time of day.
    public enum DaylightSaving: Sendable, Equatable, Hashable {
        /// The time did not exist that day (clocks went forward): it fires as much later.
        case shifted(wanted: String)
        /// The time happened twice that day (clocks went back): it fires once, the first time.
        case repeated
    }

    /// When it fires (after a holiday moved it, if one did).
    public var date: Date
    /// The day the recurrence put it on, in the reminder's zone.
    public var day: CivilDate
    /// Stable across runs and config reloads: the day and time of day it was meant for,
    /// "2026-12-24T09:45". What the engine's ledger names it by.
    public var key: String
    public var dst: DaylightSaving?
    /// The public holiday on `day`, when there is one and `skip` heeds holidays.
    public var holiday: String?
    /// Where a holiday moved it (`holidays-before`/`-after`).
    public var movedTo: CivilDate?
    /// A holiday skipped it, or a move made it fall on a day that has its own: it does not fire.
    public var skipped = false
    /// A line the notice adds (a calendar event's time and place).
    public var note: String?

    public init(date: Date, day: CivilDate, key: String, dst: DaylightSaving? = nil) {
        self.date = date
        self.day = day
        self.key = key
        self.dst = dst
    }

    static func key(_ day: CivilDate, _ hour: Int, _ minute: Int) -> String {
        "\(day)T\(ClockText.hm(hour, minute))"
    }

    static func precedes(_ lhs: ReminderOccurrence, _ rhs: ReminderOccurrence) -> Bool {
        lhs.date != rhs.date ? lhs.date < rhs.date : lhs.day < rhs.day
    }

    /// `notifier next`'s line: "Wed 2026-12-23 09:45 +02:00  moved from Thu 2026-12-24 (Jõululaupäev)".
    public func line(in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let shown = skipped && movedTo == nil ? day : (movedTo ?? day)
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let offset = timeZone.secondsFromGMT(for: date)
        let zone = String(format: "%@%02d:%02d", offset < 0 ? "-" : "+", abs(offset) / 3600, abs(offset) % 3600 / 60)
        var text = "\(Self.weekdayName(shown)) \(shown) \(ClockText.hm(parts.hour ?? 0, parts.minute ?? 0)) \(zone)"
        var marks: [String] = []
        if skipped, let holiday, movedTo == nil {
            text = "\(Self.weekdayName(day)) \(day) —"
            marks.append("skipped: \(holiday), a public holiday")
        } else if skipped, let movedTo {
            marks.append("\(day) (\(holiday ?? "a holiday")) moved to \(movedTo), which has its own: once")
            text = "\(Self.weekdayName(day)) \(day) —"
        } else if movedTo != nil, let holiday {
            marks.append("moved from \(Self.weekdayName(day)) \(day) (\(holiday))")
        }
        switch dst {
        case .shifted(let wanted)?: marks.append("daylight saving: \(wanted) does not exist that day")
        case .repeated?: marks.append("daylight saving: this time happens twice that day; once, the first")
        case nil: break
        }
        return marks.isEmpty ? text : text + "  " + marks.joined(separator: "; ")
    }

    public static func weekdayName(_ day: CivilDate) -> String {
        ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][day.weekday - 1]
    }
}
