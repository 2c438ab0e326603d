import ArgumentParser
import NotifierCore
import NotifierEngine
import NotifierSystem

extension FeedView {
    /// `notifier open holiday 2026-12-24`.
    package static let holiday = FeedView(.holiday, command: OpenHoliday.self).refusing(holidayDateOutOfRange)

    /// `notifier open week [DATE]`.
    package static let week = FeedView(.week, command: OpenWeek.self) { subjects, json, context in
        guard subjects.count <= 1, !json else { return false }
        try await OpenWeek.show(date: subjects.first, firstDay: nil, next: 0, prev: 0, context: context())
        return true
    }
    .refusing(holidayDateOutOfRange)

    /// A real date outside the calendar's range: the range's own message, as `open holiday`
    /// and `open week` give it.
    @Sendable package static func holidayDateOutOfRange(_ date: String) -> String? {
        guard case .failure(let problem) = CivilDate.parse(date, shown: date), case .outOfRange = problem else { return nil }
        return problem.description
    }
}
