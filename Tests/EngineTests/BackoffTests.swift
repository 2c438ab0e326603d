import Foundation
import Testing

@testable import NotifierEngine

/// Always the same word, to pin jitter to its lowest or highest value.
struct ConstantGenerator: RandomNumberGenerator {
    let value: UInt64
    mutating func next() -> UInt64 { value }
}

@Suite struct BackoffTests {
    let backoff = Backoff(base: .seconds(30), maximum: .seconds(30 * 60))

    func delay(_ failures: Int, retryAfter: Duration? = nil, normal: Duration = .seconds(300), word: UInt64) -> Duration {
        var generator = ConstantGenerator(value: word)
        return backoff.delay(afterConsecutiveFailures: failures, retryAfter: retryAfter, normalInterval: normal, random: &generator)
    }

    @Test(arguments: [0, -1, Int.min])
    func withoutFailuresItIsTheNormalInterval(_ failures: Int) {
        #expect(delay(failures, word: 0) == .seconds(300))
        #expect(delay(failures, word: .max) == .seconds(300))
    }

    /// (failures, the cap before jitter in seconds)
    @Test(arguments: [(1, 30), (2, 60), (3, 120), (4, 240), (5, 480), (6, 960), (7, 1800), (8, 1800), (64, 1800), (Int.max, 1800)])
    func growsAndIsCappedWithEqualJitter(_ failures: Int, _ cap: Int) {
        #expect(delay(failures, word: 0) == .seconds(cap) / 2)
        #expect(delay(failures, word: .max) == .seconds(cap))
        var generator = SeededGenerator(seed: UInt64(truncatingIfNeeded: failures))
        for _ in 0..<200 {
            let wait = backoff.delay(afterConsecutiveFailures: failures, retryAfter: nil, normalInterval: .seconds(300), random: &generator)
            #expect(wait >= .seconds(cap) / 2 && wait <= .seconds(cap))
        }
    }

    @Test func aSeedFixesTheJitterAndTheJitterVaries() {
        var first = SeededGenerator(seed: 7)
        var second = SeededGenerator(seed: 7)
        let a = (0..<20).map { _ in backoff.delay(afterConsecutiveFailures: 5, retryAfter: nil, normalInterval: .zero, random: &first) }
        let b = (0..<20).map { _ in backoff.delay(afterConsecutiveFailures: 5, retryAfter: nil, normalInterval: .zero, random: &second) }
        #expect(a == b)
        #expect(Set(a).count > 10)
    }

    @Test func retryAfterIsAFloor() {
        #expect(delay(1, retryAfter: .seconds(600), word: .max) == .seconds(600))
        #expect(delay(0, retryAfter: .seconds(600), word: 0) == .seconds(600))
        #expect(delay(7, retryAfter: .seconds(7200), word: .max) == .seconds(1800), "bounded by the maximum")
        #expect(delay(1, retryAfter: .seconds(99_999_999), word: 0) == .seconds(1800), "one Retry-After cannot silence a feed")
        #expect(
            delay(0, retryAfter: .seconds(99_999_999), normal: .seconds(3600), word: 0) == .seconds(3600),
            "or by the normal interval, where longer")
        #expect(delay(1, retryAfter: .seconds(Int64.max), word: 0) == .seconds(1800))
        #expect(delay(7, retryAfter: .seconds(5), word: 0) == .seconds(900), "a short Retry-After does not shorten the backoff")
        #expect(delay(3, retryAfter: .seconds(-60), word: 0) == .seconds(60))
    }

    @Test func hostileSettingsNeverGoNegativeOrTrap() {
        var generator = SeededGenerator(seed: 1)
        let negative = Backoff(base: .seconds(-30), maximum: .seconds(-1))
        #expect(negative.delay(afterConsecutiveFailures: 3, retryAfter: nil, normalInterval: .seconds(-5), random: &generator) == .zero)
        #expect(negative.delay(afterConsecutiveFailures: 0, retryAfter: nil, normalInterval: .seconds(-5), random: &generator) == .zero)

        let huge = Backoff(base: .seconds(Int64.max), maximum: .seconds(Int64.max))
        let wait = huge.delay(afterConsecutiveFailures: Int.max, retryAfter: .seconds(Int64.max), normalInterval: .seconds(Int64.max), random: &generator)
        #expect(wait > .zero)
        #expect(wait <= .seconds(Duration.engineCeilingSeconds))

        let inverted = Backoff(base: .seconds(600), maximum: .seconds(60))
        #expect(inverted.delay(afterConsecutiveFailures: 1, retryAfter: nil, normalInterval: .zero, random: &generator) <= .seconds(60))
    }
}
