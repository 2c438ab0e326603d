import Foundation
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

extension WatchFeedKind: IdentityScenarios {
    var identityScenarios: [String: @Sendable () throws -> [SubjectReading]] {
        [
            WatchRule.id: {
                var conditions = WatchConditions()
                conditions.above = 100
                conditions.below = 50
                return WatchRule(name: "level", selector: ".level", conditions: conditions).readings(
                    .init(values: [.number(110)]), now: SubjectIdentityTests.start)
            }
        ]
    }
}
