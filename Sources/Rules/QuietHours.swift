import Foundation

/// A daily span of local clock time in which nothing is shown, such as 22:00–08:00. It may
/// wrap midnight; a start equal to the end means never quiet. The calendar (and with it the
/// time zone) is always passed in.
public struct QuietHours: Codable, Sendable, Equatable, CustomStringConvertible {
    /// A wall-clock time of day, 00:00 to 23:59.
    public struct ClockTime: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
        public let hour: Int
        public let minute: Int

        /// `nil` outside 00:00–23:59.
        public init?(hour: Int, minute: Int) {
            guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
            self.hour = hour
            self.minute = minute
        }

        /// "22:00" or "7:30".
        public init(parsing text: String) throws(ParseError) {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            // Only ASCII digits: `Int("+7")` and friends would otherwise slip through.
            let isNumber = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy { (0x30...0x39).contains($0) } }
            guard parts.count == 2, (1...2).contains(parts[0].utf8.count), parts[1].utf8.count == 2,
                isNumber(parts[0]), isNumber(parts[1]),
                let hour = Int(parts[0]), let minute = Int(parts[1]),
                let time = ClockTime(hour: hour, minute: minute)
            else { throw .invalidClockTime(text) }
            self = time
        }

        /// Minutes since midnight.
        var minuteOfDay: Int { hour * 60 + minute }

        public var description: String {
            (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
        }

        public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool {
            lhs.minuteOfDay < rhs.minuteOfDay
        }

        // Stored as "22:00", and validated when read back.
        public init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            do {
                try self.init(parsing: text)
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }
    }

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case invalidClockTime(String)

        public var description: String {
            switch self {
            case .invalidClockTime(let text):
                return "'\(text)' is not a clock time: expected HH:MM between 00:00 and 23:59"
            }
        }
    }

    /// The first quiet minute.
    public var start: ClockTime
    /// The first minute that is no longer quiet.
    public var end: ClockTime

    public init(start: ClockTime, end: ClockTime) {
        self.start = start
        self.end = end
    }

    /// From config text such as `start = "22:00"`, `end = "08:00"`.
    public init(start: String, end: String) throws(ParseError) {
        self.init(start: try ClockTime(parsing: start), end: try ClockTime(parsing: end))
    }

    public var isNeverQuiet: Bool { start == end }

    public var description: String { isNeverQuiet ? "never" : "\(start)–\(end)" }

    /// Whether `date` falls in quiet hours by the wall clock of `calendar`.
    public func contains(_ date: Date, calendar: Calendar) -> Bool {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        guard let hour = parts.hour, let minute = parts.minute else { return false }
        return contains(minuteOfDay: hour * 60 + minute)
    }

    func contains(minuteOfDay minute: Int) -> Bool {
        if start < end { return start.minuteOfDay <= minute && minute < end.minuteOfDay }
        if end < start { return minute >= start.minuteOfDay || minute < end.minuteOfDay }
        return false
    }

    /// When the quiet hours in effect at `date` end: the next moment at the end clock time, or
    /// `date` itself when it is not quiet (nothing to wait for). An end time that does not
    /// exist that day (a daylight-saving gap) is whatever the calendar makes of it, which is
    /// the same offset past the gap.
    public func end(after date: Date, calendar: Calendar) -> Date {
        guard contains(date, calendar: calendar) else { return date }
        let day = calendar.dateComponents([.era, .year, .month, .day], from: date)
        for offset in 0...2 {
            var wanted = day
            wanted.hour = end.hour
            wanted.minute = end.minute
            wanted.second = 0
            guard let sameDay = calendar.date(from: wanted),
                let candidate = calendar.date(byAdding: .day, value: offset, to: sameDay),
                candidate > date
            else { continue }
            return candidate
        }
        // The calendar could not answer (it never should): count the minutes by plain arithmetic.
        let parts = calendar.dateComponents([.hour, .minute, .second, .nanosecond], from: date)
        let now = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        let minutesLeft = (end.minuteOfDay - now + 1440) % 1440
        let intoMinute = Double(parts.second ?? 0) + Double(parts.nanosecond ?? 0) / 1e9
        return date.addingTimeInterval(Double(minutesLeft) * 60 - intoMinute)
    }
}
