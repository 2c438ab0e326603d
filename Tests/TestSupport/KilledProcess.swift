import Foundation

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

    /// `/proc/PID/stat`'s state field is `Z` for a zombie; no file, no process.
    static func isZombieOrGone(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
