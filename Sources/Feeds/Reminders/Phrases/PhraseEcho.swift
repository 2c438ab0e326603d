import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// A rule or a day written back in plain English words, so the person sees what notifier
/// understood before it is kept: "every other Tuesday at 09:00", "the last working day (Monday
/// to Friday) of every month at 10:00".
enum PhraseEcho {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let placeNames = [1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", -1: "last", -2: "second-last"]

    /// Whether `words` can say the rule: the shapes the grammar makes.
    static func sayable(_ every: EveryExpression) -> Bool {
        let placed = every.days.allSatisfy { $0.ordinal != nil }
        let plainDays = every.days.allSatisfy { $0.ordinal == nil }
        guard every.weeks.isEmpty, every.yearDays.isEmpty, every.until == nil else { return false }
        switch every.frequency {
        case .daily: return every.days.isEmpty && every.monthDays.isEmpty && every.months.isEmpty && every.setPositions.isEmpty
        case .weekly: return !every.days.isEmpty && plainDays && every.monthDays.isEmpty && every.months.isEmpty && every.setPositions.isEmpty
        case .monthly:
            guard every.months.isEmpty else { return false }
            if !every.setPositions.isEmpty { return Set(every.days.map(\.weekday)) == Set(PhraseSlots.workingDays) && plainDays && every.monthDays.isEmpty }
            return every.days.isEmpty ? !every.monthDays.isEmpty : placed && every.monthDays.isEmpty
        case .yearly:
            return every.months.count == 1 && every.monthDays.count == 1 && every.monthDays[0] > 0 && every.days.isEmpty && every.setPositions.isEmpty
        }
    }

    /// 1st, 2nd, 3rd, 11th, 22nd; the last, the second-last.
    static func ordinal(_ number: Int) -> String {
        if number < 0 { return placeNames[number] ?? "\(-number)th from last" }
        let suffix = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }

    /// "90 minutes", "2 hours", "1 day".
    static func span(_ minutes: Int) -> String {
        let (count, unit) = minutes % 1440 == 0 ? (minutes / 1440, "day") : minutes % 60 == 0 ? (minutes / 60, "hour") : (minutes, "minute")
        return "\(count) \(unit)\(count == 1 ? "" : "s")"
    }

    static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// "Tuesday 8 December 2026".
    static func day(_ day: CivilDate) -> String {
        "\(weekdayNames[day.weekday - 1]) \(day.day) \(monthNames[day.month - 1]) \(day.year)"
    }

    /// The rule in words, without its time of day; an RRULE the words cannot say faithfully
    /// (BYWEEKNO, UNTIL, places in a week…) is written as itself.
    static func words(_ every: EveryExpression) -> String {
        guard sayable(every) else { return "by the rule \(every.rruleText)" }
        let n = every.interval
        switch every.frequency {
        case .daily:
            return n == 1 ? "every day" : n == 2 ? "every other day" : "every \(n) days"
        case .weekly:
            let weekdays = every.days.map(\.weekday)
            let names: String
            if Set(weekdays) == Set(PhraseSlots.workingDays) {
                names = "weekday (Monday to Friday)"
            } else {
                names = list(weekdays.map { weekdayNames[$0 - 1] })
            }
            return n == 1 ? "every \(names)" : n == 2 ? "every other \(names)" : "every \(n) weeks on \(names)"
        case .monthly:
            var what: String
            if !every.setPositions.isEmpty {
                what = list(every.setPositions.map { placeNames[$0] ?? ordinal($0) }) + " working day (Monday to Friday)"
            } else if !every.days.isEmpty {
                let places = every.days.map { placeNames[$0.ordinal ?? 1] ?? ordinal($0.ordinal ?? 1) }
                let names = every.days.map { weekdayNames[$0.weekday - 1] }
                // "the first and third Monday", else "the first Monday and last Friday".
                what = Set(names).count == 1 ? list(places) + " " + names[0] : list(zip(places, names).map { "\($0) \($1)" })
            } else {
                what = list(every.monthDays.map { $0 == -1 ? "last day" : $0 < 0 ? "\(ordinal($0)) day" : ordinal($0) })
            }
            var text = n == 1 ? "the \(what) of every month" : "\(n == 2 ? "every other month" : "every \(n) months") on the \(what)"
            if let longest = every.monthDays.filter({ $0 > 28 }).max() {
                text += " (months without a \(ordinal(longest)) are skipped)"
            }
            return text
        case .yearly:
            let day = every.monthDays.first ?? 1
            let month = every.months.first ?? 1
            let period = n == 1 ? "every year" : n == 2 ? "every other year" : "every \(n) years"
            return "\(period) on \(day) \(monthNames[month - 1])" + (month == 2 && day == 29 ? " (only in leap years)" : "")
        }
    }
}
