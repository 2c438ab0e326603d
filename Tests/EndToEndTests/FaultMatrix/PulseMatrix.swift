import Foundation
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierEngine
@testable import NotifierPulse

extension PulseFeedKind: MatrixServed {
    func matrixFeed() throws -> MatrixFeed {
        MatrixFeed(
            name: name, routes: [("GET /pulse/pulses", { _ in LoopbackServer.json(Self.healthy) })],
            healthyBody: Self.healthy, loopPath: "/pulse/pulses", errorStatus: .ok,
            errorBody: Data(#"{"error":"pulse service resting"}"#.utf8), emptyArraysAreValid: false,
            cadence: Self.interval, configure: { _, _ in })
    }

    func serving(_ baseURL: String) -> any FeedKind {
        PulseFeedKind(baseURL: baseURL + "/pulse")
    }
}

/// The pulse feed's column of the fault matrix, beside the program's feeds.
@Suite struct PulseMatrixTests {
    @Test(arguments: MatrixFault.allCases)
    func itSurvivesTheFaultMatrix(_ fault: MatrixFault) async throws {
        _ = try await FaultMatrixTests.cell(fault, target: PulseSource.name, feeds: try MatrixFeed.all(testedFeeds))
    }
}
