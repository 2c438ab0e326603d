import Foundation
import NotifierSystem
import Synchronization
import Testing

/// Blocking work's threads: one that hangs holds nothing else up, and one that finished is
/// used again rather than a new one made.
@Suite struct KeptThreadsTests {
    @Test func aHangingJobHoldsNothingUpAndFinishedThreadsAreUsedAgain() async {
        let threads = KeptThreads(keep: 2)
        let release = NSCondition()
        let released = Mutex(false)
        // Hangs until released.
        threads.run(name: "test-hang") {
            release.lock()
            while !released.withLock({ $0 }) { release.wait() }
            release.unlock()
        }
        var seen: Set<String> = []
        for _ in 0..<20 {
            let id = await withCheckedContinuation { continuation in
                threads.run(name: "test-job") {
                    // The kernel's thread id ("PID/task/TID"): a new thread's differs even where
                    // it reuses a finished one's stack.
                    continuation.resume(returning: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? "")
                }
            }
            seen.insert(id)
        }
        // Twenty jobs one after another beside the hanging one: a few threads did them all (a
        // job's answer can come before its thread is idle again, so the next may start one more,
        // and at most two are kept).
        #expect(seen.count <= 3, "\(seen.count) threads for twenty jobs")
        released.withLock { $0 = true }
        release.broadcast()
    }
}
