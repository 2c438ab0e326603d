import Foundation
import Logging
import NotifierEngine
import NotifierSystem

// What only some feeds have, each an opt-in protocol beside `FeedKind`: a feed conforms to
// those it implements, and the code that uses one finds its feeds with `capable(_:)`.

/// Its next times (a reminder's or an alarm's), for the home screen's "Next".
package protocol UpcomingTimes: FeedKind {
    func upcoming(context: AppContext, store: Store?, now: Date) -> [UpcomingRow]
}

/// Rows of its own in the home screen's first section (a calendar that cannot be read), after
/// the feeds'.
package protocol StatusRowSources: FeedKind {
    var statusRows: [any StatusRowsProvider] { get }
}

/// Sections of its own on the home screen (`notifier status`, screen and `--json`), after the
/// snoozes.
package protocol StatusSections: FeedKind {
    func statusSections(config: Config, now: Date) -> [StatusSection]
}

/// Values it keeps an eye on (the watches), each with its state, under a heading of their own
/// on the home screen.
package protocol ValueSections: FeedKind {
    func valueSection(config: Config, store: Store?) -> ValueSection
}

/// Subjects of its rules that `notifier rules` writes its own way, in a line.
package protocol RulesLines: FeedKind {
    /// The line for `key`; `nil` for the engine's state, value and times.
    func rulesLine(_ key: SubjectKey, lastValue: String?) -> String?
}

/// The line `notifier rules` shows under each of its rules that has subjects when its last
/// poll failed (their states are as of the last good poll).
package protocol FailingFeedLine: FeedKind {
    /// `nil` to show none.
    func failingFeedLine(lastError: String) -> String?
}

/// What only `config check` looks at beyond the file (a calendar file that cannot be read).
package protocol ConfigChecking: FeedKind {
    /// The problem as an error at its line; `nil` when all is well.
    func configCheckProblem(_ config: Config, file: String, text: String) -> ConfigError?
}

/// What it has on each day of a week, for the week view.
package protocol WeekEvents: FeedKind {
    var weekEvents: any WeekEventSource { get }
}

/// Buttons of its own on its rules' bubbles, where the server shows buttons.
package protocol BubbleActions: FeedKind {
    /// The buttons of `alert`'s bubble; `nil` for the usual ones (Open, and Snooze and Mute
    /// where the engine decides).
    func actions(for alert: Alert) -> [NotificationAction]?
    /// Whether one of its own buttons acknowledges the episode as Acknowledge does (a
    /// reminder's Done).
    func acknowledges(_ action: NotificationAction) -> Bool
}

/// What a click on a bubble of one of its rules does beside the usual (open the view; keep the
/// snooze or the mute).
package protocol ClickHandling: FeedKind {
    func clicked(_ action: NotificationAction, _ target: ClickTarget, store: Store?, logger: Logger, now: Date)
}

/// Times the person is busy by its data (a calendar's events), for `[delivery] busy_calendars`.
package protocol BusyTimes: FeedKind {
    /// Why the person is busy at `now`, as the source of their do-not-disturb reads, its own
    /// data named ("your calendar: in “Standup” until 10:30"); `nil`: not busy.
    func busy(config: Config, paths: XDGPaths?, now: Date, logger: Logger) -> String?
}

/// What its views ask its round to fetch and keep in the store (a week of a remote source the
/// round does not poll), so that the next look reads it instead of asking again (`RoundFetch`).
package protocol KeepsWhatViewsFetch: FeedKind {
    /// Fetches what `request` names (the feed's own words for it, checked as strictly as any
    /// input from outside: the daemon's bus passes it on) and keeps it through `environment`'s store.
    func fetchAndKeep(_ request: String, _ environment: FeedEnvironment) async -> RoundFetch.Answer
}

extension [any FeedKind] {
    /// Those of these feeds that have `capability`, in order: `feeds.capable((any BusyTimes).self)`.
    package func capable<Capability>(_ capability: Capability.Type) -> [Capability] {
        compactMap { $0 as? Capability }
    }
}
