import NotifierEngine
import Synchronization

/// For one `--once` pass: after the first write that fails (the store locked by another
/// process, a full disk), later writes fail at once with the same reason instead of each
/// waiting the busy timeout again (five writes of 5 s made a pass take 31 s). The
/// daemon leaves it open: it retries on its next poll.
package final class StoreWriteGate: Sendable {
    private struct State {
        var enabled = false
        var failure: StoreError?
    }

    private let state = Mutex(State())

    package func closeAfterFirstFailure() { state.withLock { $0.enabled = true } }

    /// The failure that closed the gate, if it is closed.
    package var failure: StoreError? { state.withLock { $0.enabled ? $0.failure : nil } }

    package func record(_ failure: StoreError) {
        state.withLock { if $0.failure == nil { $0.failure = failure } }
    }
}
