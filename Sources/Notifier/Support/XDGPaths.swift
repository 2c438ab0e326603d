import Foundation

/// The XDG base directories, from the environment or their documented defaults.
struct XDGPaths: Sendable {
    var configHome: String
    var stateHome: String
    var cacheHome: String
    var dataHome: String

    init(environment: [String: String]) {
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

    var storePath: String { stateHome + "/notifier/notifier.sqlite" }
    /// Where each calendar file's expanded alarms are kept between passes.
    var calendarCache: String { cacheHome + "/notifier/calendars" }

    /// The home folder, for "~/" in settings.
    static var home: String {
        ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }
}
