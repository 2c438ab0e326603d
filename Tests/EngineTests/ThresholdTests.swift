import Foundation
import TestSupport
import Testing

@testable import NotifierEngine

@Suite struct ThresholdTests {
    static func above() throws -> Threshold { try Threshold(direction: .above, fireLevel: 100, rearmLevel: 95) }
    static func below() throws -> Threshold { try Threshold(direction: .below, fireLevel: -5, rearmLevel: -2) }

    @Test(arguments: [
        (120.0, Threshold.Signal.beyondFire), (100, .beyondFire), (99.9, .between), (95.1, .between),
        (95, .rearmed), (-1000, .rearmed),
    ])
    func aboveClassifiesValues(_ value: Double, _ expected: Threshold.Signal) throws {
        #expect(try Self.above().signal(for: value) == expected)
    }

    @Test(arguments: [
        (-7.0, Threshold.Signal.beyondFire), (-5, .beyondFire), (-4, .between), (-2, .rearmed), (3, .rearmed),
    ])
    func belowClassifiesValues(_ value: Double, _ expected: Threshold.Signal) throws {
        #expect(try Self.below().signal(for: value) == expected)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, .signalingNaN])
    func brokenReadingsAreUnknown(_ value: Double) throws {
        #expect(try Self.above().signal(for: value) == nil)
        #expect(try Self.below().signal(for: value) == nil)
    }

    @Test func equalLevelsMeanNoHysteresis() throws {
        let threshold = try Threshold(direction: .above, fireLevel: 10, rearmLevel: 10)
        #expect(threshold.signal(for: 10) == .beyondFire)
        #expect(threshold.signal(for: 9.99) == .rearmed)
    }

    @Test func rearmOnTheWrongSideIsRejectedWithAClearMessage() {
        #expect(throws: Threshold.InvalidError.rearmOnWrongSide(direction: .above, fireLevel: 100, rearmLevel: 105)) {
            try Threshold(direction: .above, fireLevel: 100, rearmLevel: 105)
        }
        #expect(throws: Threshold.InvalidError.self) {
            try Threshold(direction: .below, fireLevel: 0, rearmLevel: -1)
        }
        let error = Threshold.InvalidError.rearmOnWrongSide(direction: .above, fireLevel: 100, rearmLevel: 105)
        #expect(error.description == "the re-arm level 105 must be at or below the fire level 100 for an 'above' threshold")
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteLevelsAreRejected(_ level: Double) {
        #expect(throws: Threshold.InvalidError.self) { try Threshold(direction: .above, fireLevel: level, rearmLevel: 0) }
        #expect(throws: Threshold.InvalidError.self) { try Threshold(direction: .above, fireLevel: 0, rearmLevel: level) }
    }

    @Test func roundTripsAndValidatesWhenDecoded() throws {
        let threshold = try Self.above()
        #expect(try roundTrip(threshold) == threshold)
        let bad = Data(#"{"direction":"above","fireLevel":1,"rearmLevel":2}"#.utf8)
        #expect(throws: Threshold.InvalidError.self) { try JSONDecoder().decode(Threshold.self, from: bad) }
    }
}
