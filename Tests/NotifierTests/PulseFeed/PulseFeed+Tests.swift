import Foundation

@testable import NotifierCore
@testable import NotifierEngine
@testable import NotifierPulse

// What the tests know of the pulse feed beside its library: two subjects of its rule for the
// identity scenarios (its fault-matrix column: EndToEndTests/FaultMatrix/PulseMatrix.swift).

extension PulseFeedKind: IdentityScenarios {
    var identityScenarios: [String: @Sendable () throws -> [SubjectReading]] {
        [PulseHighRule.id: { PulseHighRule().readings([.init(id: "alpha", level: 7), .init(id: "beta", level: 8)]) }]
    }
}
