import Foundation
import Synchronization

/// A clock that never really sleeps: a sleep records how long it was asked to wait and moves
/// the clock's time to the deadline at once.
public final class ImmediateClock: Clock, Sendable {
    public struct Instant: InstantProtocol {
        public var offset: Duration
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct State {
        var now = Instant(offset: .zero)
        var waits: [Duration] = []
        var failing = false
    }

    private let state = Mutex(State())
    private let onSleep: @Sendable (Duration) -> Void

    /// `onSleep` hears each wait asked for, in order with whatever else the test records.
    public init(onSleep: @escaping @Sendable (Duration) -> Void = { _ in }) { self.onSleep = onSleep }

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .nanoseconds(1) }
    public var waits: [Duration] { state.withLock { $0.waits } }

    /// Time passing without a sleep: a request being served.
    public func advance(by duration: Duration) { state.withLock { $0.now = $0.now.advanced(by: duration) } }
    /// Every sleep from now on throws, as a cancelled task's does.
    public func failSleeps() { state.withLock { $0.failing = true } }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let (wait, failing) = state.withLock { state -> (Duration, Bool) in
            let wait = state.now.duration(to: deadline)
            state.waits.append(wait)
            if !state.failing { state.now = max(state.now, deadline) }
            return (wait, state.failing)
        }
        onSleep(wait)
        if failing { throw CancellationError() }
    }
}
