import Foundation
import ProgramTestSupport
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

extension RemindersFeedKind: IdentityScenarios {
    var identityScenarios: [String: @Sendable () throws -> [SubjectReading]] {
        [
            ReminderRule.id: {
                try ["standup", "rent"].map { name in
                    let schedule = try #require(ReminderTime.schedule(at: "2026-12-01 10:00", every: "", skip: "", timeZone: "UTC"))
                    let reminder = Reminder(name: name, text: "Reminder \(name)", schedule: schedule)
                    let occurrence = try #require(schedule.occurrences(from: .distantPast, count: 1).first)
                    let plan = ReminderPlan(kind: .onTime, occurrence: occurrence, subject: "\(name)@\(occurrence.key)", dueAt: occurrence.date)
                    return ReminderRound.reading(plan, reminder: reminder, now: SubjectIdentityTests.start)
                }
            }
        ]
    }
}
