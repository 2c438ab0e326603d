import Foundation

/// The calendars' part of the config (their alarms are reminders), kept by type in `Config`.
extension Config {
    var calendars: CalendarSettings {
        get { self[CalendarSettings.self] }
        set { self[CalendarSettings.self] = newValue }
    }
}

extension CalendarSettings {
    /// For `config check`: a path that does not exist or cannot be read, at the line of `paths`.
    /// Only there: the daemon runs on with the calendar named as failing, its other sources fine.
    func unreachablePathError(file: String, text: String, home: String) -> ConfigError? {
        let expanded = expandedPaths(home: home)
        let unreachable = CalendarShelf.unreachable(expanded)
        guard let first = unreachable.first, let index = expanded.firstIndex(of: first.path) else { return nil }
        let more = unreachable.count > 1 ? " (and \(unreachable.count - 1) more)" : ""
        return ConfigError(
            file: file, line: TOMLKeyLines(text: text).line(of: ["calendars", "paths"]),
            message: "calendars.paths: \(paths[index].tomlQuoted) \(first.why)\(more); its events' alarms would be off")
    }
}
