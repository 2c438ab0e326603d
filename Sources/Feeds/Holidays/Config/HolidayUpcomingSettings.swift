import Foundation
import NotifierCore
import NotifierEngine

/// `[rules.holiday_upcoming]`: `holiday_upcoming`, reminders ahead of holidays.
package struct HolidayUpcomingSettings: ConfigSection {
    package init() {}

    package static let table = "rules.holiday_upcoming"

    package var enabled = true
    package var leadDays = [7, 1, 0]
    package var time = "09:00"
    package var includePublic = true
    package var includeFolk = true
    /// `kinds`: when set, the kinds reminded of, over `public`/`folk`.
    package var kinds: [String]?

    package static let keys: [SectionKey<HolidayUpcomingSettings>] = [
        .bool("enabled", \.enabled),
        .leadDays("lead_days", \.leadDays),
        .clockTime("time", \.time),
        .bool("public", \.includePublic),
        .bool("folk", \.includeFolk),
        .holidayKinds("kinds", \.kinds),
    ]

    package var rule: UpcomingHolidayRule {
        let clock = try? QuietHours.ClockTime(parsing: time)
        return UpcomingHolidayRule(
            leadDays: leadDays, deliveryHour: clock?.hour ?? 9, deliveryMinute: clock?.minute ?? 0,
            includePublic: kinds.map { $0.contains("public") } ?? includePublic,
            includeFolk: kinds.map { $0.contains("folk") } ?? includeFolk,
            includeNational: kinds?.contains("national") ?? false)
    }

    package static let documented = #"""
        [rules.holiday_upcoming]
        # Estonian public holidays and folk-calendar days ahead (dates are Estonian dates), reminded
        # lead_days before (0 = the day itself) at `time`, your local time. A reminder missed while
        # notifier was not running comes when it next starts, if the holiday is still ahead.
        enabled = true
        lead_days = [7, 1, 0]
        time = "09:00"
        # Remind of public holidays (days off) and of folk-calendar days.
        public = true
        folk = true
        # The kinds to remind of, over public and folk: a list from "public", "folk" and "national"
        # (days of national importance: flag days that are not days off). "": public and folk decide.
        kinds = ""
        """#
}
