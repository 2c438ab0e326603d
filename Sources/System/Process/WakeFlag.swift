/// Set by an event a loop must say it saw (a resume), or nudged by one that only means "look
/// again" (something changed); either ends a wait at once, and one that comes while the loop
/// is busy ends its next wait before it starts.
package actor WakeFlag {
    private var isSet = false
    private var nudged = false
    private var waiter: CheckedContinuation<Void, Never>?

    package init() {}

    package func set() {
        isSet = true
        endWait()
    }

    package func nudge() {
        nudged = true
        endWait()
    }

    /// Whether it was set since the last look; clears it.
    package func take() -> Bool {
        defer { isSet = false }
        return isSet
    }

    /// Waits `duration` on `clock`, or until set or nudged.
    package func wait(upTo duration: Duration, clock: any Clock<Duration>) async {
        defer { nudged = false }
        guard !isSet, !nudged else { return }
        let timer = Task { [weak self] in
            // Cancelled (the wait ended otherwise): it must not end the next wait.
            guard (try? await clock.sleep(for: duration)) != nil else { return }
            await self?.endWait()
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { waiter = $0 }
        } onCancel: {
            timer.cancel()
            Task { await self.endWait() }
        }
        timer.cancel()
    }

    private func endWait() {
        waiter?.resume()
        waiter = nil
    }
}
