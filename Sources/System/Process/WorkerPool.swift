import CLinux
import Foundation
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

/// The default executor: up to `limit` threads, started as work comes and kept for the life of
/// the program (none is made and torn down per poll), waiting on a condition when idle. Tasks
/// that sleep wait in a `DueQueue` per clock; one timer thread sleeps in `poll` on a timer
/// descriptor armed for the earliest of them, so nothing wakes before something is due.
final class WorkerPool: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    /// The clocks a sleeping task may name: `ContinuousClock` keeps counting through suspend
    /// (CLOCK_BOOTTIME, as Swift's own), `SuspendingClock` does not (CLOCK_MONOTONIC).
    enum TimerClock: CaseIterable {
        case continuous, suspending

        var id: clockid_t { self == .continuous ? CLOCK_BOOTTIME : CLOCK_MONOTONIC }

        var now: Int64 {
            var time = timespec()
            clock_gettime(id, &time)
            return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
        }
    }

    private let limit: Int
    private let condition = GuardedCondition()
    private var ready = ReadyJobs()
    private var threads = 0
    private var idle = 0
    private var sleeping: [TimerClock: DueQueue<UnownedJob>] = [:]
    /// What each timer descriptor is armed for, so a later sleep does not re-arm it.
    private var armed: [TimerClock: Int64] = [:]
    private var timers: [TimerClock: Int32] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    var isMainExecutor: Bool { false }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.locked { makeReady([job]) }
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        let timerClock: TimerClock = clock is SuspendingClock ? .suspending : .continuous
        let nanoseconds = (delay as? Duration).map(Self.nanoseconds) ?? 0
        let job = UnownedJob(job)
        condition.locked {
            startTimersIfNeeded()
            let due = timerClock.now + max(0, nanoseconds)
            sleeping[timerClock, default: DueQueue()].add(job, due: due)
            arm(timerClock)
        }
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        enqueue(job, after: clock.now.duration(to: instant), tolerance: tolerance, clock: clock)
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? Int64.max / 2 : whole + attoseconds / 1_000_000_000
    }

    /// Only while locked: queues jobs and finds them a thread.
    private func makeReady(_ jobs: [UnownedJob]) {
        for job in jobs { ready.append(job) }
        for _ in jobs {
            if idle > 0 {
                condition.wakeOne()
            } else if threads < limit {
                threads += 1
                startThread(name: "notifier-work") { [self] in work() }
            }
        }
    }

    private func work() {
        let stack = IdleStack()
        while true {
            // Idle from the moment it finds nothing ready: a job that comes while it hands its
            // stack back wakes it (or finds it before its wait) rather than starting a thread.
            var job = condition.locked { () -> UnownedJob? in
                guard ready.isEmpty else { return ready.takeFirst() }
                idle += 1
                return nil
            }
            if job == nil {
                stack.releaseBelowCaller()
                job = condition.locked {
                    while ready.isEmpty { condition.wait() }
                    idle -= 1
                    return ready.takeFirst()
                }
            }
            job?.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Only while locked: the timer descriptors and the thread that waits on them, once.
    private func startTimersIfNeeded() {
        guard timers.isEmpty else { return }
        for clock in TimerClock.allCases { timers[clock] = timerfd_create(clock.id, Int32(TFD_CLOEXEC | TFD_NONBLOCK)) }
        startThread(name: "notifier-timer") { [self] in waitForTimers() }
    }

    /// Only while locked: arms `clock`'s descriptor for its earliest sleeper, or disarms it.
    private func arm(_ clock: TimerClock) {
        guard let descriptor = timers[clock] else { return }
        let due = sleeping[clock]?.nextDue
        guard due != armed[clock] else { return }
        armed[clock] = due
        var setting = itimerspec()
        if let due {
            // Zero disarms: an instant already past is armed one nanosecond after the epoch.
            let at = max(1, due)
            setting.it_value = timespec(tv_sec: Int(at / 1_000_000_000), tv_nsec: Int(at % 1_000_000_000))
        }
        timerfd_settime(descriptor, Int32(TFD_TIMER_ABSTIME), &setting, nil)
    }

    private func waitForTimers() {
        let clocks = TimerClock.allCases
        var descriptors = condition.locked { clocks.map { pollfd(fd: timers[$0] ?? -1, events: Int16(POLLIN), revents: 0) } }
        var expirations: UInt64 = 0
        while true {
            guard poll(&descriptors, nfds_t(descriptors.count), -1) > 0 else { continue }
            for index in descriptors.indices where descriptors[index].revents != 0 {
                _ = read(descriptors[index].fd, &expirations, MemoryLayout<UInt64>.size)
            }
            condition.locked {
                for clock in clocks {
                    let due = sleeping[clock]?.takeDue(now: clock.now) ?? []
                    if !due.isEmpty { makeReady(due) }
                    armed[clock] = nil
                    arm(clock)
                }
            }
        }
    }

    private func startThread(name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }
}
