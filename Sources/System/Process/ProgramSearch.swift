import Foundation

/// Finds and runs helper programs (terminals, xdg-mime) by name on `$PATH`, as argvs only.
package enum ProgramSearch {
    package static func find(_ name: String, environment: [String: String]) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs a helper to completion, its output discarded; whether it exited 0.
    @discardableResult
    package static func runQuietly(_ path: String, _ arguments: [String], environment: [String: String]) -> Bool {
        guard let pid = try? ChildSpawn.start([path] + arguments, environment: environment) else { return false }
        return ChildSpawn.status(pid, wait: true) == 0
    }
}
