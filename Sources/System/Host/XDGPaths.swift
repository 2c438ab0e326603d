import Foundation

/// The XDG base directories, from the environment or their documented defaults.
package struct XDGPaths: Sendable {
    package var configHome: String
    package var stateHome: String
    package var cacheHome: String
    package var dataHome: String

    package init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func base(_ variable: String, _ fallback: String) -> String {
            // The spec says relative paths are invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        configHome = base("XDG_CONFIG_HOME", ".config")
        stateHome = base("XDG_STATE_HOME", ".local/state")
        cacheHome = base("XDG_CACHE_HOME", ".cache")
        dataHome = base("XDG_DATA_HOME", ".local/share")
    }

    /// The home folder, for "~/" in settings.
    package static var home: String {
        ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }
}
