import Foundation
import NotifierCore
import NotifierEngine

/// `[calendars]`: .ics files and vdirs whose events' alarms are reminders.
package struct CalendarSettings: ConfigSection {
    package init() {}

    package static let table = "calendars"

    /// .ics files or folders of them (a vdir, one level deep); "~/" is the home folder.
    package var paths: [String] = []
    /// For events without an alarm: this long before the start; `nil` for none.
    package var defaultAlarm: Duration?
    /// The time of day `default_alarm` counts from on an all-day event; its own alarms count from midnight.
    package var allDayAt = "09:00"

    package static let keys: [SectionKey<CalendarSettings>] = [
        .calendarPaths("paths", \.paths),
        .optionalDuration("default_alarm", \.defaultAlarm),
        .clockTime("all_day_at", \.allDayAt),
    ]

    package static let documented = #"""
        [calendars]
        # .ics files or folders of them (a vdir, searched one level deep); ~ allowed. Their events'
        # alarms (VALARM) are shown like reminders; the files are only read.
        paths = []
        # For events without an alarm, e.g. "15m"; "" for none.
        default_alarm = ""
        # The time default_alarm counts from on an all-day event (its own alarms count from midnight).
        all_day_at = "09:00"
        """#

    /// The paths with "~/" made the home folder's.
    package func expandedPaths(home: String) -> [String] {
        paths.map { path in
            if path == "~" { return home }
            if path.hasPrefix("~/") { return home + path.dropFirst(1) }
            return path
        }
    }

    package var allDayClock: (hour: Int, minute: Int) {
        let time = try? QuietHours.ClockTime(parsing: allDayAt)
        return (time?.hour ?? 9, time?.minute ?? 0)
    }
}

extension SectionKey {
    /// File or folder paths: absolute or from "~/"; a list, possibly empty.
    package static func calendarPaths(_ key: String, _ field: WritableKeyPath<Root, [String]> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                let problem = "must be a list of .ics files or folders such as [\"~/.calendars/work\"], got \(value.shownForError)"
                if value.isEmptyArray {
                    config[keyPath: field] = []
                    return nil
                }
                guard case .strings(let paths) = value else { return problem }
                for path in paths {
                    guard path == "~" || path.hasPrefix("/") || path.hasPrefix("~/") else {
                        return "must hold absolute paths or paths from \"~/\", got \(path.tomlQuoted)"
                    }
                    guard !path.utf8.contains(0), path.utf8.count <= 4096 else { return problem }
                }
                config[keyPath: field] = paths
                return nil
            }, render: { "[" + $0[keyPath: field].map(\.tomlQuoted).joined(separator: ", ") + "]" })
    }
}
