import Foundation
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

/// Swift concurrency's executors for the whole program, in place of libdispatch's. libdispatch's
/// worker pool, once started, re-arms a one-second timer for the life of the process (its
/// workqueue monitor, `_dispatch_workq_init_once`): a daemon that waits hours for its next poll
/// woke sixty times a minute. Here a few worker threads wait on a condition and one timer thread
/// sleeps in `poll` until the earliest sleeping task is due, so an idle program does not run.
package enum ProgramExecutors: ExecutorFactory {
    /// Sized by the processors online, as glibc counts them (one file read). Foundation's
    /// `activeProcessorCount` also reads the cgroup's CPU quota through `URL`s: 0.6 ms of every
    /// command's start, to size a pool that has four workers at the least.
    static let pool = WorkerPool(limit: max(4, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    static let main = MainQueue()

    package static var mainExecutor: any MainExecutor { main }
    package static var defaultExecutor: any TaskExecutor { pool }

    /// Installs them, runs `body` as a task and exits when it returns; the main thread serves
    /// the main actor meanwhile. Call first in `main`, before anything starts a task.
    package static func run(_ body: @escaping @Sendable () async -> Void) -> Never {
        _createExecutors(factory: ProgramExecutors.self)
        Task {
            await body()
            exit(0)
        }
        try? main.run()
        exit(0)
    }
}

/// A mutex and its condition at fixed addresses, as pthread objects must stay where they are.
final class GuardedCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Only inside `locked`.
    func wait() { pthread_cond_wait(condition, mutex) }
    func wakeOne() { pthread_cond_signal(condition) }
}

/// Jobs ready to run, in the order they came.
struct ReadyJobs {
    private var jobs: [UnownedJob] = []
    private var head = 0

    var isEmpty: Bool { head == jobs.count }

    mutating func append(_ job: UnownedJob) { jobs.append(job) }

    mutating func takeFirst() -> UnownedJob? {
        guard head < jobs.count else { return nil }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: jobs.count <= 64)
            head = 0
        }
        return job
    }
}

/// The main actor's executor: jobs run one at a time on the thread that calls `run`.
final class MainQueue: MainExecutor, @unchecked Sendable {
    private let condition = GuardedCondition()
    private var ready = ReadyJobs()
    private var stopped = false

    var isMainExecutor: Bool { true }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.locked {
            ready.append(job)
            condition.wakeOne()
        }
    }

    func run() throws {
        while let job = nextJob() { job.runSynchronously(on: asUnownedSerialExecutor()) }
    }

    func stop() {
        condition.locked {
            stopped = true
            condition.wakeOne()
        }
    }

    private func nextJob() -> UnownedJob? {
        condition.locked {
            while ready.isEmpty, !stopped { condition.wait() }
            return stopped ? nil : ready.takeFirst()
        }
    }
}
