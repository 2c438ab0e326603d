import Foundation
import NotifierCore
import NotifierEngine

/// One daemon per state directory: two would deliver everything twice. An advisory `flock`
/// on a file there, released by the kernel when the process ends, however it ends.
package final class DaemonLock {
    private var descriptor: Int32

    package enum Failure: Error, CustomStringConvertible {
        case held(path: String, pid: String)
        case cannotOpen(path: String, reason: String)

        package var description: String {
            switch self {
            case .held(let path, let pid):
                return
                    "another notifier daemon\(pid.isEmpty ? "" : " (pid \(pid))") already runs for \(path); stop it first (`notifier --once` may run alongside it)"
            case .cannotOpen(let path, let reason):
                return "cannot open the daemon lock \(path): \(reason)"
            }
        }
    }

    package init(stateDirectory: String) throws(Failure) {
        let path = stateDirectory + "/daemon.lock"
        try? FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let pid = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            close(descriptor)
            throw .held(path: stateDirectory, pid: String(pid.prefix(12)))
        }
        ftruncate(descriptor, 0)
        let pid = "\(getpid())\n"
        _ = pid.withCString { write(descriptor, $0, strlen($0)) }
        self.descriptor = descriptor
    }

    /// Also the last use that keeps the lock alive for as long as the daemon runs.
    package func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
