import NotifierEngine
import Testing

@Suite struct IntervalJitterTests {
    @Test func restsStayWithinATenthOfTheIntervalAndVary() {
        var random = SeededGenerator(seed: 7)
        let rests = (0..<2000).map { _ in IntervalJitter.spread(.seconds(10), by: 0.1, random: &random) }
        #expect(rests.allSatisfy { $0 >= .seconds(9) && $0 <= .seconds(11) })
        #expect(rests.contains { $0 < .milliseconds(9_100) } && rests.contains { $0 > .milliseconds(10_900) }, "the whole band is used")
        #expect(Set(rests).count > 1000)
    }

    @Test func theSameSeedGivesTheSameRests() {
        var one = SeededGenerator(seed: 42)
        var two = SeededGenerator(seed: 42)
        let first = (0..<20).map { _ in IntervalJitter.spread(.seconds(900), by: 0.1, random: &one) }
        let second = (0..<20).map { _ in IntervalJitter.spread(.seconds(900), by: 0.1, random: &two) }
        #expect(first == second)
    }

    /// A generator that always answers the same: the draw still ends, inside the band.
    struct Constant: RandomNumberGenerator {
        var value: UInt64
        mutating func next() -> UInt64 { value }
    }

    @Test func anyDrawEndsInsideTheBand() {
        var low = Constant(value: 0)
        var high = Constant(value: .max)
        #expect(IntervalJitter.spread(.seconds(10), by: 0.1, random: &low) == .seconds(9))
        #expect(IntervalJitter.spread(.seconds(10), by: 0.1, random: &high) == .seconds(11))
        #expect(IntervalJitter.spread(.zero, by: 0.1, random: &high) == .zero)
        #expect(IntervalJitter.spread(.seconds(10), by: 0, random: &high) == .seconds(10))
    }
}
