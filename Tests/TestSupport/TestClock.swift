import Foundation

/// A clock whose time moves only when a test says so: schedules are tested without sleeping.
/// Not swift-clocks' TestClock: its `advance` only yields a while, and the daemons under test do
/// real I/O between two sleeps, so a test must wait until they sleep again (`waitForSleepers`),
/// which needs the sleepers it keeps private (docs/testing.md, "Test clocks").
public final class TestClock: Clock, @unchecked Sendable {
    public struct Instant: InstantProtocol, Hashable {
        public var offset: Duration
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UUID
        let deadline: Instant
        let requested: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    /// Every duration anyone asked to sleep, in order.
    private var requests: [Duration] = []

    public init() {}

    public var now: Instant { lock.withLock { current } }
    public var minimumResolution: Duration { .zero }
    public var requestedSleeps: [Duration] { lock.withLock { requests } }
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = lock.withLock { () -> Bool in
                    requests.append(current.duration(to: deadline))
                    if deadline <= current || Task.isCancelled { return true }
                    sleepers.append(Sleeper(id: id, deadline: deadline, requested: current.duration(to: deadline), continuation: continuation))
                    return false
                }
                if resumeNow {
                    if Task.isCancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
                }
            }
        } onCancel: {
            let cancelled = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on and wakes whoever's deadline has come.
    public func advance(by duration: Duration) {
        let due = lock.withLock { () -> [Sleeper] in
            current = current.advanced(by: duration)
            let due = sleepers.filter { $0.deadline <= current }
            sleepers.removeAll { $0.deadline <= current }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// The earliest deadline anyone sleeps until.
    public var nextDeadline: Instant? { lock.withLock { sleepers.map(\.deadline).min() } }

    /// Moves time on to the earliest sleeper's deadline and wakes whoever is due then.
    public func advanceToNextDeadline() {
        if let next = nextDeadline { advance(by: max(.zero, now.duration(to: next))) }
    }

    /// Waits (on real time) until `count` tasks are asleep on this clock. Usually milliseconds;
    /// the long bound is for a loaded two-core machine, where the suite's parallel tests have
    /// kept a daemon from its first sleep for more than 20 s.
    public func waitForSleepers(_ count: Int = 1, timeout: Duration = .seconds(120), checkEvery: Duration = .milliseconds(10)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if sleeperCount >= count { return true }
            try? await Task.sleep(for: checkEvery)
        }
        return sleeperCount >= count
    }
}
