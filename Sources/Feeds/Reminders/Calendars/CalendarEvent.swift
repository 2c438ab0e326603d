import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// A date or date-time as a calendar writes it: wall-clock fields and how they are anchored
/// (UTC, a named zone, or floating: the person's own zone).
public struct CalendarTime: Sendable, Hashable {
    public enum Anchor: Sendable, Hashable {
        case utc
        case zone(TimeZone)
        case floating
    }

    public var year, month, day, hour, minute, second: Int
    /// VALUE=DATE: a whole day, no time.
    public var isDate: Bool
    public var anchor: Anchor

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, isDate: Bool = false, anchor: Anchor = .floating) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
        self.isDate = isDate
        self.anchor = anchor
    }

    /// The zone its fields are read in: a floating time (and a date) in `local`.
    public func zone(local: TimeZone) -> TimeZone {
        switch anchor {
        case .utc: return TimeZone(identifier: "UTC")!
        case .zone(let zone): return zone
        case .floating: return local
        }
    }

    /// Its wall-clock fields, read in no zone.
    var wallFields: DateComponents {
        DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// The instant it names; a date counts from `dayStart` (hour, minute) in `local`. A time
    /// that does not exist (clocks forward) is moved on by the gap, as RFC 5545 says.
    public func instant(local: TimeZone, dayStart: (hour: Int, minute: Int) = (0, 0)) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = isDate ? local : zone(local: local)
        let parts = DateComponents(
            year: year, month: month, day: day,
            hour: isDate ? dayStart.hour : hour, minute: isDate ? dayStart.minute : minute, second: isDate ? 0 : second)
        return calendar.date(from: parts) ?? Date(timeIntervalSince1970: 0)
    }
}

/// One alarm (VALARM) of an event: when it goes off relative to the event or at an instant.
public struct EventAlarm: Sendable, Hashable {
    public enum Trigger: Sendable, Hashable {
        /// Seconds after the start (negative: before), or after the end with RELATED=END.
        case relative(seconds: TimeInterval, fromEnd: Bool)
        case absolute(Date)
    }

    public var trigger: Trigger
    /// REPEAT and DURATION: `count` more times, `every` seconds apart.
    public var repeats: (count: Int, every: TimeInterval)?

    /// REPEAT is bounded: an alarm repeats at most this many times.
    public static let maxRepeats = 100

    public init(_ trigger: Trigger, repeats: (count: Int, every: TimeInterval)? = nil) {
        self.trigger = trigger
        self.repeats = repeats
    }

    public static func == (lhs: EventAlarm, rhs: EventAlarm) -> Bool {
        lhs.trigger == rhs.trigger && lhs.repeats?.count == rhs.repeats?.count && lhs.repeats?.every == rhs.repeats?.every
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(trigger)
        hasher.combine(repeats?.count)
        hasher.combine(repeats?.every)
    }
}

/// One VEVENT as read from a file: a series (with RRULE, RDATE, EXDATE) or a single event, or
/// an override of one occurrence of a series (with `recurrenceID`).
public struct CalendarEvent: Sendable, Equatable {
    public var uid: String
    public var summary: String
    public var location: String
    public var description: String
    public var start: CalendarTime
    /// From DTEND or DURATION; a date's default is one day, a time's none (RFC 5545 3.6.1).
    public var duration: TimeInterval
    public var rrule: String?
    public var rdates: [CalendarTime]
    public var exdates: [CalendarTime]
    public var recurrenceID: CalendarTime?
    public var alarms: [EventAlarm]
    public var cancelled: Bool
    /// The calendar's owner declined the invitation: its alarms are not shown.
    public var declined: Bool
    /// Takes the person's time (TRANSP:OPAQUE): with `busy_calendars`, its span is do-not-disturb.
    /// Without TRANSP a timed event is busy (RFC 5545's default) and a day is not: a birthday
    /// must not silence a whole day.
    public var busy = true
    /// The line of BEGIN:VEVENT in its file.
    public var line: Int

    public init(
        uid: String, summary: String = "", location: String = "", description: String = "", start: CalendarTime,
        duration: TimeInterval = 0, rrule: String? = nil, rdates: [CalendarTime] = [], exdates: [CalendarTime] = [],
        recurrenceID: CalendarTime? = nil, alarms: [EventAlarm] = [], cancelled: Bool = false, declined: Bool = false, line: Int = 0
    ) {
        self.uid = uid
        self.summary = summary
        self.location = location
        self.description = description
        self.start = start
        self.duration = duration
        self.rrule = rrule
        self.rdates = rdates
        self.exdates = exdates
        self.recurrenceID = recurrenceID
        self.alarms = alarms
        self.cancelled = cancelled
        self.declined = declined
        self.line = line
    }

    public var allDay: Bool { start.isDate }
}

/// One time an event takes place, with its alarms' instants.
public struct EventOccurrence: Sendable, Equatable {
    public var uid: String
    public var summary: String
    public var location: String
    public var description: String
    public var start: Date
    public var end: Date
    public var allDay: Bool
    /// The day it starts on, in its own zone (all-day events: the date itself).
    public var day: CivilDate
    /// Stable for one occurrence while the event stays put: its start, "2026-11-25T07:45:00Z".
    public var key: String
    public var alarms: [Date]
    /// Its calendar file.
    public var file: String
    /// It takes the person's time (see `CalendarEvent.busy`), and was neither cancelled nor declined.
    public var busy = false

    public init(
        uid: String, summary: String, location: String, description: String, start: Date, end: Date, allDay: Bool,
        day: CivilDate, key: String, alarms: [Date], file: String
    ) {
        self.uid = uid
        self.summary = summary
        self.location = location
        self.description = description
        self.start = start
        self.end = end
        self.allDay = allDay
        self.day = day
        self.key = key
        self.alarms = alarms
        self.file = file
    }
}

/// A calendar file that did not parse, or a part of one that was left out: one line that names
/// the file and, where known, the line.
public struct CalendarProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}
