import Foundation

/// Where a program named in the config is: a path as it is, else the first match on `PATH`.
public enum ProgramPath {
    public static func locate(_ program: String, environment: [String: String]) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        for directory in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
