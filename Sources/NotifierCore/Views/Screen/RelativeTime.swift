import Foundation
import NotifierEngine

/// Times as a person reads them on a screen, in the local time zone: "just now", "3 min ago",
/// "in 12 min", "today 10:47", "yesterday 18:02", "Mon 10:47", "2026-11-02 10:47". Printouts
/// and `--json` keep ISO 8601 (a public contract).
package enum RelativeTime {
    package static func describe(_ date: Date, now: Date, timeZone: TimeZone = .current) -> String {
        let seconds = date.timeIntervalSince(now)
        if abs(seconds) < 60 { return seconds <= 0 ? "just now" : "in a moment" }
        if abs(seconds) < 3600 {
            let minutes = Int((abs(seconds) / 60).rounded(.down))
            return seconds < 0 ? "\(minutes) min ago" : "in \(minutes) min"
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let time = clock(date, calendar: calendar)
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: now), to: calendar.startOfDay(for: date)).day ?? 0
        switch days {
        case 0: return "today \(time)"
        case -1: return "yesterday \(time)"
        case 1: return "tomorrow \(time)"
        case -6...6:
            let symbols = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
            return "\(symbols[calendar.component(.weekday, from: date) - 1]) \(time)"
        default:
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0) + time
        }
    }

    /// A span as "30 s", "5 min", "2 h", "1 d 4 h".
    package static func span(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min" }
        if whole < 86400 { return whole % 3600 == 0 ? "\(whole / 3600) h" : "\(whole / 3600) h \(whole % 3600 / 60) min" }
        return whole % 86400 == 0 ? "\(whole / 86400) d" : "\(whole / 86400) d \(whole % 86400 / 3600) h"
    }

    /// ISO 8601 with the local offset, for `--json`: "2026-11-25T12:47:09+02:00".
    package static func iso(_ date: Date, timeZone: TimeZone = .current) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    private static func clock(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
