import Foundation

/// Runs CPU-bound work on a thread of its own and waits for its result. The cooperative pool has
/// one thread a core (two here): seconds of computing on it stall every loopback server and
/// client the same test run has in flight, until they time out. Expectations stay with the
/// caller, in the test's own task, where they are recorded.
public func offThePool<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: work()) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
