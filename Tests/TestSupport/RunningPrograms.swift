import Foundation

/// The programs running on this machine, read from /proc: whether what a test started is gone.
public enum RunningPrograms {
    /// Whether a process runs with exactly this command line (a zombie counts as gone).
    public static func contains(_ argv: [String]) -> Bool {
        let wanted = Data((argv.joined(separator: "\0") + "\0").utf8)
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap(Int32.init) ?? []
        return pids.contains { pid in
            guard FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") == wanted,
                let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            else { return false }
            return !status.contains("State:\tZ")
        }
    }

    /// Whether none of these runs within two seconds: a killed process ends only once it is
    /// scheduled, and its zombie waits for whoever reaps it.
    public static func gone(_ argvs: [String]...) -> Bool {
        for _ in 0..<100 {
            if !argvs.contains(where: contains) { return true }
            usleep(20_000)
        }
        return false
    }
}
