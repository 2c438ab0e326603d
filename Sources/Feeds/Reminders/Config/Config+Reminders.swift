import Foundation
import NotifierCore
import NotifierEngine

/// The reminders feed's part of the config, kept by type in `Config`.
extension Config {
    package var reminders: [ReminderSettings] {
        get { self[[ReminderSettings].self] }
        set { self[[ReminderSettings].self] = newValue }
    }
}
