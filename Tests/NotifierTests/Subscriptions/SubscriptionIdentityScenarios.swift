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

// This feed's rule as SubjectIdentityTests drives it: two messages, two subjects that fire.

extension SubscriptionsFeedKind: IdentityScenarios {
    var identityScenarios: [String: @Sendable () throws -> [SubjectReading]] {
        [
            SubscriptionRule.id: {
                ["m1", "m2"].map { id in
                    SubscriptionRound.reading(
                        NtfyMessage(id: id, time: SubjectIdentityTests.start, topic: "backups", title: "Backup \(id)", message: "done"),
                        subscription: "home-server")
                }
            }
        ]
    }
}
