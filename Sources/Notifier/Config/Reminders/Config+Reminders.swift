import Foundation

/// The reminders feed's part of the config, kept by type in `Config`.
extension Config {
    var reminders: [ReminderSettings] {
        get { self[[ReminderSettings].self] }
        set { self[[ReminderSettings].self] = newValue }
    }
}
