import Foundation

/// A calendar day in the proleptic Gregorian calendar, with no time and no time zone: the date
/// a holiday falls on where it is kept. Encoded as "YYYY-MM-DD".
public struct CivilDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The years `init?(string:)` accepts.
    public static let parsedYears = 1900...2200

    /// `nil` unless the month is 1–12 and the day exists in that month; any year 1...9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Strict "YYYY-MM-DD": exactly ten characters, ASCII digits, a day that exists, a year in
    /// 1900...2200. Nothing else: no time, no "2026-2-3", no other digits, no whitespace.
    public init?(string: String) {
        let bytes = Array(string.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            Self.parsedYears.contains(year)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Why a date a user typed cannot be shown, in words that say what to do.
    public enum ParseProblem: Error, Equatable, CustomStringConvertible {
        case notADate(String)
        case outOfRange(year: Int)

        public var description: String {
            switch self {
            case .notADate(let text): return "not a date: '\(text)'; write YYYY-MM-DD, e.g. 2026-12-24"
            case .outOfRange(let year): return CivilDate.rangeMessage(year: year)
            }
        }
    }

    /// "1899 is before the calendar's range, 1900–2200": one message for every view, link and
    /// navigation that leaves the range.
    public static func rangeMessage(year: Int) -> String {
        let side = year < parsedYears.lowerBound ? "before" : "after"
        return "\(year) is \(side) the calendar's range, \(parsedYears.lowerBound)–\(parsedYears.upperBound)"
    }

    /// Whether the date lies in the calendar's range, `parsedYears`.
    public var isInRange: Bool { Self.parsedYears.contains(year) }

    /// A date the user typed: a real "YYYY-MM-DD" in the range, or why not. `shown` is how the
    /// text is quoted back (the caller sanitises it).
    public static func parse(_ text: String, shown: String) -> Result<CivilDate, ParseProblem> {
        if let date = CivilDate(string: text) { return .success(date) }
        let bytes = Array(text.utf8)
        if bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = Int(text.prefix(4)), let month = Int(text.dropFirst(5).prefix(2)), let day = Int(text.suffix(2)),
            !parsedYears.contains(year), CivilDate(year: year, month: month, day: day) != nil
        {
            return .failure(.outOfRange(year: year))
        }
        return .failure(.notADate(shown))
    }

    /// The date in `timeZone` at the instant `date`.
    public init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(dayNumber: Self.dayNumber(year: parts.year!, month: parts.month!, day: parts.day!))
    }

    /// "2026-12-24"
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public func adding(days: Int) -> CivilDate {
        CivilDate(dayNumber: dayNumber + days)
    }

    /// 1 = Sunday … 7 = Saturday.
    public var weekday: Int {
        // Day 0 (1970-01-01) was a Thursday (5).
        ((dayNumber + 4) % 7 + 7) % 7 + 1
    }

    /// Days from this date to `other`: negative when `other` is earlier.
    public func daysUntil(_ other: CivilDate) -> Int {
        other.dayNumber - dayNumber
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CivilDate(string: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a YYYY-MM-DD date in 1900...2200: \(text)")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    // MARK: Day arithmetic (days since 1970-01-01, H. Hinnant's civil-from-days)

    package static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    package var dayNumber: Int { Self.dayNumber(year: year, month: month, day: day) }

    package static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Any day number; years outside 1...9999 are not clamped, only never produced by the
    /// calendars here.
    init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.month = month
        self.day = day
    }
}
