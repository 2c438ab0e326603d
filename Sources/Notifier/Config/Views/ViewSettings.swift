import Foundation

/// `[views]`: how the views show things.
struct ViewSettings: ConfigSection {
    static let table = "views"

    var weekFirstDay = "monday"

    static let keys: [SectionKey<ViewSettings>] = [
        .weekday("week_first_day", \.weekFirstDay)
    ]

    static let documented = #"""
        [views]
        # The first day of `notifier open week`: "monday", "sunday" or "saturday".
        week_first_day = "monday"
        """#
}
