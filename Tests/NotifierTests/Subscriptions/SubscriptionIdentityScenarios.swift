import Foundation
import Testing

@testable import Notifier
@testable import NotifierEngine
@testable import NotifierSubscriptions

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
