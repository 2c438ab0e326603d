import Foundation
import TestSupport

/// Waits for a process the tests killed with SIGKILL, for at most a bound. Foundation's
/// `Process.waitUntilExit` can miss a child's exit on Linux and then spin forever on a zombie
/// (seen in a full CI run: the test process at 100 % CPU in a deinit); a zombie counts as gone.
public enum KilledProcess {
    public static func awaitExit(_ process: Process, timeout: TimeInterval = 5) {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, !isZombieOrGone(process.processIdentifier), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// The exit status of a process that has ended or is about to (its output is read to the
    /// end). `waitUntilExit` could miss the exit and hang a whole run on a zombie under load, so
    /// the zombie is reaped here if Foundation has not; -1 (and SIGKILL, so that no daemon outlives
    /// a failed test) if it still runs after `timeout`.
    public static func exitStatus(_ process: Process, timeout: TimeInterval = 30) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline {
            var status: Int32 = 0
            if waitpid(process.processIdentifier, &status, WNOHANG) == process.processIdentifier {
                // Foundation's terminationStatus: the exit code, or the signal that ended it.
                return status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(process.processIdentifier, &status, 0)
        return -1
    }

    /// `/proc/PID/stat`'s state field is `Z` for a zombie; no file, no process.
    static func isZombieOrGone(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
