import CGLib
import Foundation
import Synchronization

/// The thread that runs GLib's default main loop, and the way onto it.
package final class GLibLoop: Sendable {
    package static let shared = GLibLoop()
    private let started = Mutex(false)

    package func start() {
        let alreadyStarted = started.withLock { value -> Bool in
            defer { value = true }
            return value
        }
        guard !alreadyStarted else { return }
        let running = DispatchSemaphore(value: 0)
        let thread = Thread {
            let loop = g_main_loop_new(nil, 0)
            // Signals once the loop owns the default context, so later invokes queue onto it
            // rather than run on the caller's thread.
            g_idle_add_full(
                G_PRIORITY_DEFAULT,
                { data in
                    Unmanaged<SemaphoreBox>.fromOpaque(data!).takeRetainedValue().semaphore.signal()
                    return 0
                }, Unmanaged.passRetained(SemaphoreBox(running)).toOpaque(), nil)
            g_main_loop_run(loop)
        }
        thread.name = "notifier-glib"
        thread.start()
        running.wait()
    }

    /// Runs `work` on the loop's thread and returns its result.
    package func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            post { continuation.resume(returning: work()) }
        }
    }

    /// Queues `work` onto the loop's thread without waiting for it.
    package func post(_ work: @escaping @Sendable () -> Void) {
        let job = Unmanaged.passRetained(Job(work)).toOpaque()
        g_main_context_invoke_full(
            nil, G_PRIORITY_DEFAULT,
            { data in
                Unmanaged<Job>.fromOpaque(data!).takeUnretainedValue().work()
                return 0 // G_SOURCE_REMOVE
            }, job,
            { data in
                Unmanaged<Job>.fromOpaque(data!).release()
            })
    }

    private final class Job: Sendable {
        let work: @Sendable () -> Void
        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }

    private final class SemaphoreBox: @unchecked Sendable {
        let semaphore: DispatchSemaphore
        init(_ semaphore: DispatchSemaphore) { self.semaphore = semaphore }
    }
}
