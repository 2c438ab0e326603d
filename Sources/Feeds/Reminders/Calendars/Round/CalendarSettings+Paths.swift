import Foundation
import NotifierCore
import NotifierEngine

/// Beside the shelf that reads the files, not in Config/: the config parser is built on its own
/// (the fuzz harness) and knows nothing of reading calendars.
extension CalendarSettings {
    /// For `config check`: a path that does not exist or cannot be read, at the line of `paths`.
    /// Only there: the daemon runs on with the calendar named as failing, its other sources fine.
    package func unreachablePathError(file: String, text: String, home: String) -> ConfigError? {
        let expanded = expandedPaths(home: home)
        let unreachable = CalendarShelf.unreachable(expanded)
        guard let first = unreachable.first, let index = expanded.firstIndex(of: first.path) else { return nil }
        let more = unreachable.count > 1 ? " (and \(unreachable.count - 1) more)" : ""
        return ConfigError(
            file: file, line: TOMLKeyLines(text: text).line(of: ["calendars", "paths"]),
            message: "calendars.paths: \(paths[index].tomlQuoted) \(first.why)\(more); its events' alarms would be off")
    }
}
