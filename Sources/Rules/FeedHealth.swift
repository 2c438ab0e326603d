import Foundation

/// One feed's run of failures, so the user hears once that a feed is down and once that it is
/// back, never once per failed poll.
public struct FeedHealth: Codable, Sendable, Equatable {
    public enum Event: String, Codable, Sendable, CaseIterable {
        case degraded, recovered
    }

    /// Failures in a row before the feed counts as degraded; values below 1 count as 1.
    public var degradedAfter: Int
    public private(set) var consecutiveFailures: Int
    /// When the current degradation started; `nil` while healthy.
    public private(set) var degradedSince: Date?
    public private(set) var lastFailure: Date?
    public private(set) var lastSuccess: Date?

    public var isDegraded: Bool { degradedSince != nil }

    public init(degradedAfter: Int = 5) {
        self.degradedAfter = degradedAfter
        consecutiveFailures = 0
    }

    /// `.degraded` on the failure that reaches the threshold, and on no other.
    public mutating func recordFailure(now: Date) -> Event? {
        // Saturating: a feed failing forever must not overflow the counter.
        if consecutiveFailures < Int.max { consecutiveFailures += 1 }
        lastFailure = now
        // `>=` rather than `==` so that lowering the threshold while failing still reports once.
        guard !isDegraded, consecutiveFailures >= max(1, degradedAfter) else { return nil }
        degradedSince = now
        return .degraded
    }

    /// `.recovered` when the feed had been degraded; the count starts over either way.
    public mutating func recordSuccess(now: Date) -> Event? {
        let wasDegraded = isDegraded
        consecutiveFailures = 0
        degradedSince = nil
        lastSuccess = now
        return wasDegraded ? .recovered : nil
    }
}
