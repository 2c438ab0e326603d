import Foundation
import NotifierEngine

/// Estonian public holidays and folk-calendar days ahead, told apart: a reminder `leadDays`
/// before each (by default a week, a day, and on the day), at the user's own delivery time.
///
/// Stateless: `due` returns every reminder whose time has come for a holiday still ahead, and
/// the caller drops the keys its ledger has already delivered. A daemon that was not running
/// when a reminder fell due still gets it when it next starts, if the holiday is still ahead.
public struct UpcomingHolidayRule: Rule {
    public static let id = "holiday_upcoming"
    public static let summary = "Estonian public holidays and folk days ahead, told apart"
    public static let linkedViews: [LinkedView] = [.holiday, .week]
    public static let category = (public: "x-notifier.holiday.public", folk: "x-notifier.holiday.folk")
    public static let nationalCategory = "x-notifier.holiday.national"
    /// Where the holidays are kept: their dates are dates there.
    public static let tallinn = TimeZone(identifier: "Europe/Tallinn") ?? TimeZone(secondsFromGMT: 2 * 3600)!

    /// One holiday's reminder whose time has come.
    public struct Reminder: Sendable, Equatable, Hashable {
        public var holiday: Holiday
        /// Which of `leadDays` this is: 7 for "a week before".
        public var lead: Int
        /// Days until the holiday when it fell due late (after downtime) by Estonian dates,
        /// else `lead`: what the title says.
        public var daysAhead: Int
        /// When it fell due: the holiday's date minus `lead` days, at the delivery time, in the
        /// user's time zone.
        public var dueAt: Date
        /// The user's next midnight after it was found due, when "tomorrow" stops being true.
        public var validUntil: Date?

        public init(holiday: Holiday, lead: Int, daysAhead: Int, dueAt: Date, validUntil: Date? = nil) {
            self.holiday = holiday
            self.lead = lead
            self.daysAhead = daysAhead
            self.dueAt = dueAt
            self.validUntil = validUntil
        }

        /// The ledger's dedup key, stable across runs: "2026-12-24@7" for a public holiday;
        /// a folk day adds its name, "2026-12-24@7/folk/Jõulud", since folk days share dates
        /// with public holidays and with one another.
        public var key: String {
            switch holiday.kind {
            case .publicHoliday: return "\(holiday.date)@\(lead)"
            case .folk: return "\(holiday.date)@\(lead)/folk/\(holiday.name)"
            case .national: return "\(holiday.date)@\(lead)/national/\(holiday.name)"
            }
        }
    }

    /// Days before a holiday to remind; negative values are ignored, duplicates count once.
    public var leadDays: [Int]
    /// The user's local time of day reminders fall due: 0...23 and 0...59 (clamped).
    public var deliveryHour: Int
    public var deliveryMinute: Int
    public var includePublic: Bool
    public var includeFolk: Bool
    /// Days of national importance: off unless asked for (`kinds`).
    public var includeNational: Bool

    public init(
        leadDays: [Int] = [7, 1, 0], deliveryHour: Int = 9, deliveryMinute: Int = 0,
        includePublic: Bool = true, includeFolk: Bool = true, includeNational: Bool = false
    ) {
        self.includeNational = includeNational
        self.leadDays = leadDays
        self.deliveryHour = deliveryHour
        self.deliveryMinute = deliveryMinute
        self.includePublic = includePublic
        self.includeFolk = includeFolk
    }

    /// The lead days in effect, largest first.
    public var leads: [Int] {
        Array(Set(leadDays.filter { $0 >= 0 })).sorted(by: >)
    }

    public func includes(_ kind: Holiday.Kind) -> Bool {
        switch kind {
        case .publicHoliday: return includePublic
        case .folk: return includeFolk
        case .national: return includeNational
        }
    }

    /// The user's date at `now`: what "today", "tomorrow" and "in N days" count from, in the
    /// bubbles and the views alike, since reminders fall due on the user's dates.
    public static func today(_ now: Date, userCalendar: Calendar = .current) -> CivilDate {
        CivilDate(now, in: userCalendar.timeZone)
    }

    /// The reminders due at `now` for holidays still ahead both where the user is and in
    /// Estonia: for each holiday only the latest one due (the smallest lead whose time has
    /// come), so a daemon back after downtime says "tomorrow" once rather than also "in 7 days".
    /// Ordered by holiday date, public holidays first. Reminder times are the delivery time on
    /// the Gregorian date in `userCalendar`'s time zone, and the days ahead are counted from
    /// the user's date too: counted from the Estonian date, a lead-1 reminder said "today" on
    /// the evening before in Newfoundland, and the lead-0 one said it again the next morning.
    /// `delivered`: the keys the caller's ledger has delivered.
    public func due(
        holidays: [Holiday], now: Date, userCalendar: Calendar, estonia: TimeZone = UpcomingHolidayRule.tallinn,
        delivered: Set<String> = []
    ) -> [Reminder] {
        let leads = leads.sorted()
        guard !leads.isEmpty else { return [] }
        let userToday = Self.today(now, userCalendar: userCalendar)
        let today = max(userToday, CivilDate(now, in: estonia))
        var local = Calendar(identifier: .gregorian)
        local.timeZone = userCalendar.timeZone
        let hour = min(max(deliveryHour, 0), 23)
        let minute = min(max(deliveryMinute, 0), 59)
        let midnight = userCalendar.date(byAdding: .day, value: 1, to: userCalendar.startOfDay(for: now))
        var seen = Set<String>()
        var result: [Reminder] = []
        for holiday in holidays.sorted(by: Holiday.precedes) where includes(holiday.kind) && holiday.date >= today {
            let ahead = userToday.daysUntil(holiday.date)
            // Nothing can be due before the largest lead (one day's slack for time zones).
            guard ahead <= leads.last! + 1 else { continue }
            for lead in leads {
                let day = holiday.date.adding(days: -lead)
                let parts = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute)
                guard let dueAt = local.date(from: parts), dueAt <= now else { continue }
                var reminder = Reminder(holiday: holiday, lead: lead, daysAhead: min(lead, ahead), dueAt: dueAt, validUntil: midnight)
                // A late reminder that would say what a smaller lead says later today ("tomorrow"
                // at 08:00, before the 09:00 "tomorrow") takes that lead's key, so it is said once;
                // unless it was delivered on time, when the smaller lead keeps its own hour.
                if ahead < lead, leads.contains(ahead), !delivered.contains(reminder.key) {
                    reminder.lead = ahead
                }
                if seen.insert(reminder.key).inserted { result.append(reminder) }
                break
            }
        }
        return result
    }

    public func alert(for reminder: Reminder, locale: Locale) -> Alert {
        let holiday = reminder.holiday
        let isPublic = holiday.kind == .publicHoliday
        let isNational = holiday.kind == .national
        let when = Self.when(daysAhead: reminder.daysAhead)
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        let symbols = calendar.weekdaySymbols
        let weekday = symbols.count == 7 ? symbols[holiday.date.weekday - 1] : ""
        let body =
            [weekday, "\(holiday.date):", holiday.name].filter { !$0.isEmpty }.joined(separator: " ")
            + "\n"
            + (isPublic
                ? "Estonian public holiday, a day off"
                : isNational ? "Estonian day of national importance, a flag day (not a day off)" : "Estonian folk-calendar day")
        return Alert(
            rule: Self.id, key: reminder.key,
            title: "\(isPublic ? "Public holiday" : isNational ? "Day of national importance" : "Folk day") \(when): \(holiday.name)",
            body: body,
            urgency: isPublic ? .normal : .low,
            category: isPublic ? Self.category.public : isNational ? Self.nationalCategory : Self.category.folk,
            deepLink: .holiday(holiday.date),
            icon: "x-office-calendar",
            groupFragment: "\(holiday.name) (\(when))",
            groupNoun: "holidays ahead",
            reason: reason(for: reminder),
            validUntil: reminder.validUntil,
            groupLink: .week(holiday.date)
        )
    }

    /// "today", "tomorrow", "in 3 days".
    public static func when(daysAhead: Int) -> String {
        switch daysAhead {
        case 0: return "today"
        case 1: return "tomorrow"
        case let days: return "in \(days) days"
        }
    }

    /// "Jõululaupäev on 2026-12-24 is 7 days ahead; reminders at 7, 1 and 0 days, 09:00"
    func reason(for reminder: Reminder) -> String {
        let ahead: String
        switch reminder.daysAhead {
        case 0: ahead = "is today"
        case 1: ahead = "is 1 day ahead"
        case let days: ahead = "is \(days) days ahead"
        }
        let late = reminder.daysAhead < reminder.lead ? " (the \(reminder.lead)-day reminder, late)" : ""
        let leads = leads.map(String.init)
        let list = leads.count > 1 ? leads.dropLast().joined(separator: ", ") + " and " + leads.last! : leads.joined()
        let unit = leads == ["1"] ? "day" : "days"
        let hour = min(max(deliveryHour, 0), 23)
        let minute = min(max(deliveryMinute, 0), 59)
        let time = (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
        return "\(reminder.holiday.name) on \(reminder.holiday.date) \(ahead)\(late); reminders at \(list) \(unit), \(time)"
    }
}
