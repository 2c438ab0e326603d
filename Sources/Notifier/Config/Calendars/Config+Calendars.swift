import Foundation

/// The calendars' part of the config (their alarms are reminders), kept by type in `Config`.
extension Config {
    var calendars: CalendarSettings {
        get { self[CalendarSettings.self] }
        set { self[CalendarSettings.self] = newValue }
    }
}
