import Foundation
import NotifierCore
import NotifierEngine

/// The calendars' part of the config (their alarms are reminders), kept by type in `Config`.
extension Config {
    package var calendars: CalendarSettings {
        get { self[CalendarSettings.self] }
        set { self[CalendarSettings.self] = newValue }
    }
}
