import Foundation
import NotifierCore
import NotifierEngine
import Synchronization

/// One deciding pass at a time per state directory. Two `notifier --once` started together
/// (cron and a login script) each read the rule states before the other wrote them, so both
/// delivered every crossing. An advisory `flock` on `pass.lock` beside the store,
/// held from reading the states to recording the deliveries; the kernel drops it when the
/// process ends, however it ends. The second pass waits its turn, then finds the decision
/// already made.
package final class PassLock: Sendable {
    private let descriptor: Mutex<Int32>

    package enum Failure: Error, CustomStringConvertible {
        case busy(path: String, waited: Duration)
        case cannotOpen(path: String, reason: String)

        package var description: String {
            switch self {
            case .busy(let path, let waited):
                return "another notifier pass has held \(path) for \(waited.components.seconds) s; nothing was decided, try again later"
            case .cannotOpen(let path, let reason):
                // The lock sits beside the store: where it cannot be made, neither can the store.
                return "cannot open the pass lock \(path): \(reason); \(PassGuard.withoutStore)"
            }
        }
    }

    private init(descriptor: Int32) { self.descriptor = Mutex(descriptor) }

    /// Lets the next pass start; also done when the lock goes away, or the process ends.
    package func release() {
        descriptor.withLock { value in
            if value >= 0 { close(value) }
            value = -1
        }
    }

    /// Waits up to `wait` for the lock, polling without blocking a thread of Swift's pool.
    package static func acquire(stateDirectory: String, wait: Duration, clock: any Clock<Duration> = ContinuousClock()) async throws(Failure) -> PassLock {
        let path = stateDirectory + "/pass.lock"
        try? FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        let step = Duration.milliseconds(50)
        var waited = Duration.zero
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, waited < wait, !Task.isCancelled else {
                let reason = errno == EWOULDBLOCK ? nil : String(cString: strerror(errno))
                close(descriptor)
                if let reason { throw .cannotOpen(path: path, reason: reason) }
                throw .busy(path: path, waited: waited)
            }
            try? await clock.sleep(for: step)
            waited += step
        }
        return PassLock(descriptor: descriptor)
    }

    deinit { release() }
}
