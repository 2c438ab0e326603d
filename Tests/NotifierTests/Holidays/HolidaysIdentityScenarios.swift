import Foundation
import NotifierSystem
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

// This feed's rules as SubjectIdentityTests drives them: two subjects or more that fire.

extension HolidaysFeedKind: IdentityScenarios {
    var identityScenarios: [String: @Sendable () throws -> [SubjectReading]] {
        [
            UpcomingHolidayRule.id: {
                let dates = try [(2026, 12, 24), (2026, 12, 25)].map { try #require(CivilDate(year: $0.0, month: $0.1, day: $0.2)) }
                let reminders = dates.map { date in
                    UpcomingHolidayRule.Reminder(
                        holiday: Holiday(date: date, name: "Püha \(date)", kind: .publicHoliday),
                        lead: 7, daysAhead: 7, dueAt: SubjectIdentityTests.start)
                }
                return HolidayRound.readings(reminders, rule: UpcomingHolidayRule(), locale: SubjectIdentityTests.locale)
            }
        ]
    }
}
