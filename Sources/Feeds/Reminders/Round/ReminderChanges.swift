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
        let calendarFolders = CalendarReminders.paths(env.config).map { path in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            return exists && isFolder.boolValue ? path : (path as NSString).deletingLastPathComponent
        }
        var streams = [SystemWatch.shared.changes(wallClock: true, directories: Array(Set(calendarFolders)), name: nil)]
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
