import Foundation
import Logging
import NotifierCore
import NotifierSystem

/// What moves the reminders' next instant from outside the scheduler's own arithmetic: the wall
/// clock set, a reminder stored, snoozed, done or forgotten (by this process or another: a
/// `notifier remind` beside the daemon), and a calendar file written. The store's writers touch
/// a marker beside the store; the daemon watches it and the calendars' folders (`SystemWatch`).
package enum ReminderChanges {
    /// The file beside the store that says "the reminders changed, look again".
    static let marker = "reminders-changed"

    /// Each a stream of "look again"; the wall clock's with the calendars'.
    static func streams(_ env: FeedEnvironment) -> [AsyncStream<SystemWatch.Change>] {
        let calendars = CalendarFiles(CalendarReminders.paths(env.config)) { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
        var streams = [SystemWatch.shared.changes(wallClock: true, directories: calendars.directories, accepts: calendars.accepts)]
        if let store = env.store {
            streams.append(SystemWatch.shared.changes(wallClock: false, directories: [directory(of: store.path)], name: marker))
        }
        return streams
    }

    /// The longest the reminders' loop sleeps: an hour where the store's folder is watched, else
    /// the old step (said once), so a `notifier remind` beside the daemon is found in seconds.
    static func longestWait(_ env: FeedEnvironment) -> Duration {
        guard let store = env.store, !SystemWatch.shared.isWatching(directory(of: store.path)) else { return ReminderRound.longestWait }
        env.logger.warning("reminders: cannot watch \(directory(of: store.path)) for changes; looking every \(unwatchedStep.components.seconds) s")
        return unwatchedStep
    }

    /// How often the store is looked at where its folder cannot be watched.
    static let unwatchedStep = Duration.seconds(15)

    /// After a write to the reminders' tables.
    static func announce(storePath: String) {
        SystemWatch.touch(directory: directory(of: storePath), name: marker)
    }

    private static func directory(of storePath: String) -> String {
        (storePath as NSString).deletingLastPathComponent
    }
}

/// The calendar files to watch: a folder's `.ics` files as the calendars read them, or one file
/// (watched in its folder, which may hold anything else: a change there wakes nobody).
struct CalendarFiles: Sendable {
    /// The folders to watch, each once.
    let directories: [String]
    private let wholeFolders: Set<String>
    /// Single calendar files, by the folder they are watched in.
    private let files: [String: Set<String>]

    init(_ paths: [String], isFolder: (String) -> Bool) {
        var wholeFolders: Set<String> = []
        var files: [String: Set<String>] = [:]
        for path in paths {
            if isFolder(path) {
                wholeFolders.insert(path)
            } else {
                files[(path as NSString).deletingLastPathComponent, default: []].insert((path as NSString).lastPathComponent)
            }
        }
        self.wholeFolders = wholeFolders
        self.files = files
        directories = wholeFolders.union(files.keys).sorted()
    }

    /// Whether a change of `name` in `directory` may change a calendar.
    func accepts(_ directory: String, _ name: String) -> Bool {
        (wholeFolders.contains(directory) && CalendarShelf.isCalendarFile(name)) || files[directory]?.contains(name) == true
    }
}
