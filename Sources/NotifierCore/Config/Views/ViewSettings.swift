import Foundation
import NotifierEngine

/// `[views]`: how the views show things.
package struct ViewSettings: ConfigSection {
    package init() {}

    package static let table = "views"

    package var weekFirstDay = "monday"

    package static let keys: [SectionKey<ViewSettings>] = [
        .weekday("week_first_day", \.weekFirstDay)
    ]

    package static let documented = #"""
        [views]
        # The first day of `notifier open week`: "monday", "sunday" or "saturday".
        week_first_day = "monday"
        """#
}
