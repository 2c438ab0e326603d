import ArgumentParser
import Foundation
import Logging
import NotifierEngine

/// How one poll of one feed went, for `--once`'s exit code.
package enum FeedOutcome: Equatable, Sendable {
    case notPolled, succeeded, failed
}

/// One kind of feed, as `--once`, the daemon and `--dry-run` run it. None of them names a
/// feed: they loop over the `Program`'s feeds. A new feed is a library with one conforming
/// type, and one line in the executable's list of feeds. A dry run is `pollOnce` against a
/// scratch copy of the store, with the dispatcher recording instead of delivering.
package protocol FeedKind: Sendable {
    /// For logs and tests: the feed's name, as in `FeedHealth`.
    var name: String { get }
    /// `--once`: one round (with whatever it shows once per start, when `launch`).
    func pollOnce(_ environment: FeedEnvironment) async -> FeedOutcome
    /// The daemon: rounds until cancelled, each after its interval or a backoff.
    func pollForever(_ environment: FeedEnvironment) async
    /// Its views: `open <name> …` and the deep links that lead there (`ViewRegistry`).
    var views: [FeedView] { get }
    /// Its `list <name>` subcommands, if any.
    var lists: [any ParsableCommand.Type] { get }
    /// How often the daemon polls it while it works, for the status screens; `nil` when it
    /// does not poll on a timer or is disabled.
    func pollInterval(_ config: Config) -> Duration?
    /// Its rules, in the order `notifier rules` lists them: what `rules`, `mute`, the rule
    /// examples, the identity tests and the deep links' catalog know.
    var rules: [any Rule.Type] { get }
    /// When its last poll failed, the line `notifier rules` shows under each of its rules that
    /// has subjects (their states are as of the last good poll); `nil` to show none.
    func failingFeedLine(lastError: String) -> String?
    /// Its tables of the config file (its `Config/` folder), each with its place in the file.
    var configSections: [ConfigSectionEntry] { get }
    /// Environment variables that override a key of its tables (an API key), and that key.
    var environmentKeys: [EnvironmentKey] { get }
    /// What only `config check` looks at beyond the file (a calendar file that cannot be
    /// read), as an error at its line; `nil` when all is well.
    func configCheckProblem(_ config: Config, file: String, text: String) -> ConfigError?
    /// Its tables in the store, each a migration under its own name.
    var storeMigrations: [StoreMigration] { get }
    /// What it has on each day of a week, for the week view; `nil` for nothing.
    var weekEvents: (any WeekEventSource)? { get }
    /// Its repeated tables (`[[watches]]`), one instance of the kind per entry at run time.
    var configEntryLists: [ConfigEntryList] { get }
    /// Its top-level commands (`notifier watch`, `notifier remind`), each with its place in the
    /// root help.
    var commands: [FeedCommand] { get }
    /// Its rules' bubble kinds, by rule-id prefix: the `category` (and `sound-name`) hints.
    var bubbleKinds: [(prefix: String, kind: BubbleKind)] { get }
    /// Its sections of the home screen (`notifier status`, screen and `--json`), after the snoozes.
    func statusSections(config: Config, now: Date) -> [StatusSection]
    /// Its rows of the home screen's first section (a calendar that cannot be read), after the feeds'.
    var statusRows: [any StatusRowsProvider] { get }
    /// What it has coming (a reminder's or an alarm's next time), for the home screen's "Next".
    func upcoming(context: AppContext, store: Store?, now: Date) -> [UpcomingRow]
    /// Its watches on the home screen, each with its value and state.
    func watchRows(config: Config, store: Store?) -> [WatchRow]
    /// A subject of its rules that `notifier rules` writes its own way, in a line; `nil` for
    /// the engine's state, value and times.
    func rulesLine(_ key: SubjectKey, lastValue: String?) -> String?
    /// The buttons a bubble of one of its rules offers, where the server shows buttons; `nil`
    /// for the usual ones (Open, and Snooze and Mute where the engine decides).
    func actions(for alert: Alert) -> [NotificationAction]?
    /// What a click on a bubble of one of its rules does beside the usual (open the view; keep
    /// the snooze or the mute).
    /// Why the person is busy at `now` by this kind's data ("in “Standup” until 10:30"), for
    /// `[delivery] busy_calendars`; `nil`: not busy.
    func busy(config: Config, paths: XDGPaths?, now: Date, logger: Logger) -> String?
    func clicked(_ action: NotificationAction, _ target: ClickTarget, store: Store?, logger: Logger, now: Date)
}

extension FeedKind {
    package var lists: [any ParsableCommand.Type] { [] }
    package func pollInterval(_ config: Config) -> Duration? { nil }
    package var rules: [any Rule.Type] { [] }
    package func failingFeedLine(lastError: String) -> String? { nil }
    package var configSections: [ConfigSectionEntry] { [] }
    package var configEntryLists: [ConfigEntryList] { [] }
    package var environmentKeys: [EnvironmentKey] { [] }
    package func configCheckProblem(_ config: Config, file: String, text: String) -> ConfigError? { nil }
    package var storeMigrations: [StoreMigration] { [] }
    package var weekEvents: (any WeekEventSource)? { nil }
    package var commands: [FeedCommand] { [] }
    package var bubbleKinds: [(prefix: String, kind: BubbleKind)] { [] }
    package func statusSections(config: Config, now: Date) -> [StatusSection] { [] }
    package var statusRows: [any StatusRowsProvider] { [] }
    package func upcoming(context: AppContext, store: Store?, now: Date) -> [UpcomingRow] { [] }
    package func watchRows(config: Config, store: Store?) -> [WatchRow] { [] }
    package func rulesLine(_ key: SubjectKey, lastValue: String?) -> String? { nil }
    package func actions(for alert: Alert) -> [NotificationAction]? { nil }
    package func clicked(_ action: NotificationAction, _ target: ClickTarget, store: Store?, logger: Logger, now: Date) {}
    package func busy(config: Config, paths: XDGPaths?, now: Date, logger: Logger) -> String? { nil }
}

extension [any FeedKind] {
    /// The kind whose rule `rule` is, if one of these kinds' own.
    package func kind(ofRule rule: String) -> (any FeedKind)? {
        first { $0.rules.contains { $0.id == rule } }
    }
}

/// What a feed round is given: the shared HTTP client, the clock, the logger, the store and the
/// one way alerts leave (the dispatcher, beside the engine's state). Not the whole runner.
package struct FeedEnvironment: Sendable {
    package var config: Config
    package var paths: XDGPaths
    package var http: HTTPClient
    package var clock: any Clock<Duration>
    package var now: @Sendable () -> Date
    package var logger: Logger
    package var store: Store?
    package var dispatcher: Dispatcher
    /// The engine's rule states, shared by every feed of one run.
    package var desk: EngineDesk
    /// `--seed`, for what a feed picks at random (the launch country).
    package var seed: UInt64?
    /// Whether this run shows what is shown once per start (the launch country), which a
    /// daemon's reload does not repeat.
    package var launch: Bool
    /// A dry run's report: what the round says there (what it saw, why), beside what the
    /// dispatcher records; `nil` in a pass.
    package var recorder: DryRunRecorder? = nil
    /// The daemon's record of each feed's last poll, across reloads; `nil` in a pass.
    package var pacing: FeedPacing? = nil
    /// The daemon's live screens asking a paced loop to poll now; `nil` in a pass.
    package var pollRequests: PollRequests? = nil
    /// How the rounds write numbers and read "today": the user's, or a replay's fixed ones.
    package var locale: Locale = .current
    package var calendar: Calendar = .current

    /// A line of the dry run's report; nothing in a pass.
    package func note(_ line: @autoclosure () -> String) async {
        if let recorder { await recorder.note(line()) }
    }

    package var isDryRun: Bool { recorder != nil }
}

extension FeedEnvironment {
    /// A feed's wait for its next pass, after the pass's freed heap is handed back (see Heap):
    /// the daemon spends nearly all its life here.
    package func rest(for duration: Duration) async {
        Heap.returnFreePages()
        try? await clock.sleep(for: duration)
    }
}
