import Foundation
import NotifierCore
import NotifierEngine

package enum HolidaysSource: String, Sendable, CaseIterable { case embedded, remote }

/// The holidays feed's part of the config, kept by type in `Config`.
extension Config {
    package var holidays: HolidaysSettings {
        get { self[HolidaysSettings.self] }
        set { self[HolidaysSettings.self] = newValue }
    }

    package var holidayUpcoming: HolidayUpcomingSettings {
        get { self[HolidayUpcomingSettings.self] }
        set { self[HolidayUpcomingSettings.self] = newValue }
    }
}
