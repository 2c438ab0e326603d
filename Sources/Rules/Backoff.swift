import Foundation

/// How long to wait before polling a feed again: its normal interval while it works, and
/// exponentially longer after failures, with jitter so that many clients do not retry in step.
public struct Backoff: Sendable, Equatable {
    /// The wait after the first failure (before jitter).
    public var base: Duration
    /// No wait grows beyond this, not even a server's Retry-After (or the normal interval, where
    /// that is longer): one `Retry-After: 99999999` must not silence a feed for good.
    public var maximum: Duration

    public init(base: Duration = .seconds(30), maximum: Duration = .seconds(30 * 60)) {
        self.base = base
        self.maximum = maximum
    }

    /// The wait before the next poll.
    ///
    /// With no failures it is `normalInterval`. After `n` failures it is
    /// `min(maximum, base · 2^(n−1))` with equal jitter: half of it fixed and the other half
    /// random, so it lies in `[cap/2, cap]`. A server's `retryAfter` is a floor in every case,
    /// itself bounded by `maximum` (or `normalInterval`, if longer).
    /// Negative spans count as zero; the result is never negative and never overflows.
    public func delay(
        afterConsecutiveFailures failures: Int, retryAfter: Duration?, normalInterval: Duration,
        random: inout some RandomNumberGenerator
    ) -> Duration {
        let ceiling = max(Self.milliseconds(maximum), Self.milliseconds(normalInterval))
        let floorMilliseconds = min(Self.milliseconds(retryAfter ?? .zero), ceiling)
        guard failures > 0 else {
            return .milliseconds(max(Self.milliseconds(normalInterval), floorMilliseconds))
        }
        // 2^62 already exceeds any cap, and a smaller exponent keeps the Double finite.
        let exponent = Double(min(failures - 1, 62))
        let grown = base.nonNegativeSeconds * pow(2, exponent)
        let cap = Self.milliseconds(.clampedSeconds(min(grown, maximum.nonNegativeSeconds)))
        let half = cap / 2
        let jittered = (cap - half) + Self.uniform(upTo: half, random: &random)
        return .milliseconds(max(jittered, floorMilliseconds))
    }

    /// A number in `0...bound` from a single draw. Unlike `Int64.random(in:using:)`, which may
    /// draw again and again, this always finishes, whatever the generator returns; the bias is
    /// below one part in 2^40 for any bound the engine uses.
    private static func uniform(upTo bound: Int64, random: inout some RandomNumberGenerator) -> Int64 {
        guard bound > 0 else { return 0 }
        let scaled = random.next().multipliedFullWidth(by: UInt64(bound) + 1).high
        return Int64(scaled)
    }

    /// Whole non-negative milliseconds, capped at the engine's ceiling.
    private static func milliseconds(_ duration: Duration) -> Int64 {
        let seconds = min(duration.nonNegativeSeconds, Duration.engineCeilingSeconds)
        return Int64((seconds * 1000).rounded())
    }

    private enum CodingKeys: String, CodingKey {
        case baseSeconds, maximumSeconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            base: .clampedSeconds(try container.decode(Double.self, forKey: .baseSeconds)),
            maximum: .clampedSeconds(try container.decode(Double.self, forKey: .maximumSeconds))
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(base.secondsValue, forKey: .baseSeconds)
        try container.encode(maximum.secondsValue, forKey: .maximumSeconds)
    }
}
