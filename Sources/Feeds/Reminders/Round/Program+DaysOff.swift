import NotifierCore
import NotifierEngine

extension Program {
    /// The holidays a reminder's `skip` heeds, as the program's reminders were given them.
    package var daysOff: (any HolidayCalendar)? {
        feeds.lazy.compactMap { $0 as? RemindersFeedKind }.first?.daysOff
    }
}
