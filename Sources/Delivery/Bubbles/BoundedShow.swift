import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem
import Synchronization

/// libnotify's `Notify` call blocks until the server answers, up to D-Bus's 25 s, and one
/// thread runs all of libnotify: a server slow to answer (30 s) cost a pass 25 s per bubble,
/// one after another, and held a daemon's SIGTERM as long. Each call therefore runs
/// on a thread of its own, and the delivery waits for the answer only a short while, or not
/// at all once the server has been slow: the request is on the bus, and the server shows the
/// bubble when it gets to it. A cancelled task (SIGTERM) stops waiting at once.
package enum BoundedShow {
    package enum Outcome: Sendable, Equatable {
        /// The server answered: shown as bubble `id`.
        case shown(id: UInt32)
        case failed(String)
        /// Sent, not answered within the bound (or the wait was cancelled).
        case unconfirmed
    }

    /// How long a delivery waits for the server's answer while the server answers promptly.
    package static let bound = Duration.seconds(2)

    /// Runs `call` on a thread of its own (`KeptThreads`); returns its outcome, or `.unconfirmed`
    /// after `bound`.
    /// `lateFailure`: told when a call already counted as unconfirmed fails after all (the
    /// server went away), before the call counts as finished for `settle`.
    package static func run(
        bound: Duration, clock: any Clock<Duration>, lateFailure: (@Sendable (String) -> Void)? = nil,
        _ call: @escaping @Sendable () -> Outcome
    ) async -> Outcome {
        let first = FirstOutcome()
        InFlight.shared.begin()
        KeptThreads.shared.run(name: "notifier-notify") {
            let outcome = call()
            if !first.offer(outcome), case .failed(let message) = outcome { lateFailure?(message) }
            InFlight.shared.end()
        }
        guard bound > .zero else { return .unconfirmed }
        let timer = Task {
            try? await clock.sleep(for: bound)
            first.offer(.unconfirmed)
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await first.value()
        } onCancel: {
            first.offer(.unconfirmed)
        }
    }

    /// Waits, at most `limit`, until no call is still being made: the end of `--once`, so that
    /// requests just started reach the bus before the process exits.
    /// The limit is counted in `clock`'s sleeps, so a test clock decides both the waits and the end.
    package static func settle(within limit: Duration, clock: any Clock<Duration>) async {
        let step = Duration.milliseconds(20)
        var waited = Duration.zero
        while InFlight.shared.count > 0, waited < limit {
            try? await clock.sleep(for: step)
            waited += step
        }
    }

    /// Calls under way, across the process.
    package final class InFlight: Sendable {
        package static let shared = InFlight()
        private let calls = Mutex(0)
        package var count: Int { calls.withLock { $0 } }
        package func begin() { calls.withLock { $0 += 1 } }
        package func end() { calls.withLock { $0 -= 1 } }
    }
}

/// The first outcome offered wins; later offers are ignored. `value()` may be awaited before
/// or after the offer.
private final class FirstOutcome: Sendable {
    private struct State {
        var outcome: BoundedShow.Outcome?
        var waiter: CheckedContinuation<BoundedShow.Outcome, Never>?
    }

    private let state = Mutex(State())

    /// Whether this offer was the first (the one `value()` returns).
    @discardableResult
    func offer(_ outcome: BoundedShow.Outcome) -> Bool {
        let (first, waiter) = state.withLock { state -> (Bool, CheckedContinuation<BoundedShow.Outcome, Never>?) in
            guard state.outcome == nil else { return (false, nil) }
            state.outcome = outcome
            defer { state.waiter = nil }
            return (true, state.waiter)
        }
        waiter?.resume(returning: outcome)
        return first
    }

    func value() async -> BoundedShow.Outcome {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> BoundedShow.Outcome? in
                if let outcome = state.outcome { return outcome }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
