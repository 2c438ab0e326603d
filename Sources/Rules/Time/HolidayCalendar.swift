import Foundation

/// The days off of the country whose holidays the program knows, a year at a time: what a
/// reminder's `skip` heeds. A feed provides it and the program hands it to the reminders, so
/// that neither names the other.
public protocol HolidayCalendar: Sendable {
    /// Stable across runs: two schedules with the same settings and calendar are equal.
    var name: String { get }
    /// Each public holiday (a day off) of `year`, by date, with its name.
    func daysOff(in year: Int) -> [CivilDate: String]
}
