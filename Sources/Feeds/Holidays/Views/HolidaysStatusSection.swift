import Foundation
import NotifierCore
import NotifierEngine

extension HolidaysFeedKind: StatusSections {
    package static let holidaysShown = 3

    /// The home screen's "Next holidays": the next three within 120 days, while the feed is on.
    package func statusSections(config: Config, now: Date) -> [StatusSection] {
        let today = UpcomingHolidayRule.today(now)
        let holidays =
            config.holidays.enabled
            ? Array(EstonianCalendar.holidays(from: today, through: today.adding(days: 120)).prefix(Self.holidaysShown)) : []
        return [Self.nextHolidays(holidays)]
    }

    package static func nextHolidays(_ holidays: [Holiday]) -> StatusSection {
        StatusSection(heading: "Next holidays", jsonKey: "holidays", entries: holidays.map(entry))
    }

    /// A mark of the day's kind, the date, the name; opens the holiday's view.
    package static func entry(_ holiday: Holiday) -> StatusSection.Entry {
        let mark = holiday.kind == .publicHoliday ? "●" : holiday.kind == .national ? "◆" : "○"
        let emphasis: Emphasis = holiday.kind == .publicHoliday ? .publicHoliday : holiday.kind == .national ? .nationalDay : .folkDay
        return StatusSection.Entry(
            spans: [Span(mark + " ", emphasis), Span(DisplayWidth.padded(holiday.date.description, 12), .dim), Span(holiday.name)],
            link: DeepLink.holiday(holiday.date).url,
            fields: ["date": holiday.date.description, "name": holiday.name, "kind": holiday.kind.rawValue], kind: "holiday")
    }
}
