import Foundation
import NotifierCore
import NotifierEngine

/// Whether a daemon runs for this state directory, read from its lock (`DaemonLock`): held
/// means running; the file holds its pid and was written when it started.
package struct DaemonState: Sendable, Equatable {
    package var running: Bool
    package var pid: String?
    package var since: Date?

    package static let notRunning = DaemonState(running: false, pid: nil, since: nil)

    /// How to start one, for the home screen.
    package static let howToStart = "start it: systemctl --user start notifier, or run notifier"

    package static func probe(stateDirectory: String) -> DaemonState {
        let path = stateDirectory + "/daemon.lock"
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .notRunning }
        defer { close(descriptor) }
        // A shared lock is refused only while the daemon holds its exclusive one.
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return .notRunning
        }
        let pid = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        let since = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        return DaemonState(running: true, pid: pid.flatMap { $0.isEmpty || !$0.allSatisfy(\.isNumber) ? nil : String($0.prefix(12)) }, since: since)
    }
}
