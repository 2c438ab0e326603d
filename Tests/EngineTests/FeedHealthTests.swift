import Foundation
import TestSupport
import Testing

@testable import NotifierEngine

@Suite struct FeedHealthTests {
    @Test func degradedOnceAtTheThresholdAndRecoveredOnce() {
        var health = FeedHealth()
        let failures = (1...12).map { health.recordFailure(now: TestTime.at(Double($0))) }
        #expect(failures.compactMap { $0 } == [.degraded])
        #expect(failures[4] == .degraded)
        #expect(health.consecutiveFailures == 12)
        #expect(health.degradedSince == TestTime.at(5))

        #expect(health.recordSuccess(now: TestTime.at(100)) == .recovered)
        #expect(health.recordSuccess(now: TestTime.at(101)) == nil)
        #expect(health.consecutiveFailures == 0)
        #expect(!health.isDegraded)
    }

    @Test func aSuccessBeforeTheThresholdStartsTheCountOver() {
        var health = FeedHealth(degradedAfter: 3)
        _ = health.recordFailure(now: TestTime.at(1))
        _ = health.recordFailure(now: TestTime.at(2))
        #expect(health.recordSuccess(now: TestTime.at(3)) == nil)
        #expect(health.recordFailure(now: TestTime.at(4)) == nil)
        #expect(health.recordFailure(now: TestTime.at(5)) == nil)
        #expect(health.recordFailure(now: TestTime.at(6)) == .degraded)
    }

    @Test(arguments: [0, 1, -3])
    func aThresholdBelowOneDegradesOnTheFirstFailure(_ threshold: Int) {
        var health = FeedHealth(degradedAfter: threshold)
        #expect(health.recordFailure(now: TestTime.at(0)) == .degraded)
        #expect(health.recordFailure(now: TestTime.at(1)) == nil)
    }

    @Test func loweringTheThresholdWhileFailingStillReportsOnce() {
        var health = FeedHealth(degradedAfter: 10)
        for second in 0..<4 { _ = health.recordFailure(now: TestTime.at(Double(second))) }
        health.degradedAfter = 2
        #expect(health.recordFailure(now: TestTime.at(5)) == .degraded)
        #expect(health.recordFailure(now: TestTime.at(6)) == nil)
    }

    @Test func roundTrips() throws {
        var health = FeedHealth(degradedAfter: 2)
        _ = health.recordSuccess(now: TestTime.at(0))
        _ = health.recordFailure(now: TestTime.at(1))
        _ = health.recordFailure(now: TestTime.at(2))
        #expect(try roundTrip(health) == health)
        #expect(try roundTrip(health).isDegraded)
    }
}
