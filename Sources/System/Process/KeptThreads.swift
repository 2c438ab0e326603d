import Foundation

/// Threads for blocking work (a libcurl transfer, a command, a D-Bus call that may hang), kept
/// after their job and waiting on a condition of their own: a poll does not create and tear
/// down a thread each time. A job goes to an idle thread or a new one, never behind another
/// job, so a call that hangs holds up nothing else; at most `keep` wait idle.
package final class KeptThreads: @unchecked Sendable {
    package static let shared = KeptThreads(keep: 4)

    private final class Worker: @unchecked Sendable {
        let condition = GuardedCondition()
        var job: (@Sendable () -> Void)?
    }

    private let keep: Int
    private let idle = GuardedCondition()
    private var idleWorkers: [Worker] = []

    package init(keep: Int) {
        self.keep = keep
    }

    /// Runs `job` on a kept thread.
    package func run(name: String, _ job: @escaping @Sendable () -> Void) {
        if let worker = idle.locked({ idleWorkers.popLast() }) {
            worker.condition.locked {
                worker.job = job
                worker.condition.wakeOne()
            }
            return
        }
        let worker = Worker()
        worker.job = job
        let thread = Thread { [self] in serve(worker) }
        thread.name = name
        thread.start()
    }

    private func serve(_ worker: Worker) {
        let stack = IdleStack()
        while true {
            let job = worker.condition.locked {
                defer { worker.job = nil }
                return worker.job
            }
            job?()
            guard
                idle.locked({ () -> Bool in
                    guard idleWorkers.count < keep else { return false }
                    idleWorkers.append(worker)
                    return true
                })
            else { return }
            stack.releaseBelowCaller()
            worker.condition.locked {
                while worker.job == nil { worker.condition.wait() }
            }
        }
    }
}
