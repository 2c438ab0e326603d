import ArgumentParser
import Foundation
import Logging
import NotifierEngine
import NotifierSystem

/// How one poll of one feed went, for `--once`'s exit code.
package enum FeedOutcome: Equatable, Sendable {
    case notPolled, succeeded, failed
}

/// One kind of feed, as `--once`, the daemon and `--dry-run` run it. None of them names a
/// feed: they loop over the `Program`'s feeds. A new feed is a library with one conforming
/// type, and one line in the executable's list of feeds. A dry run is `pollOnce` against a
/// scratch copy of the store, with the dispatcher recording instead of delivering.
/// It holds what every feed has; what only some have is an opt-in capability beside it
/// (FeedCapabilities.swift), which the code that uses it finds among the feeds.
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
    /// Its tables of the config file (its `Config/` folder), each with its place in the file.
    var configSections: [ConfigSectionEntry] { get }
    /// Environment variables that override a key of its tables (an API key), and that key.
    var environmentKeys: [EnvironmentKey] { get }
    /// Its tables in the store, each a migration under its own name.
    var storeMigrations: [StoreMigration] { get }
    /// Its repeated tables (`[[watches]]`), one instance of the kind per entry at run time.
    var configEntryLists: [ConfigEntryList] { get }
    /// Its top-level commands (`notifier watch`, `notifier remind`), each with its place in the
    /// root help.
    var commands: [FeedCommand] { get }
    /// Its rules' bubble kinds, by rule-id prefix: the `category` (and `sound-name`) hints.
    var bubbleKinds: [(prefix: String, kind: BubbleKind)] { get }
}

extension FeedKind {
    package var lists: [any ParsableCommand.Type] { [] }
    package func pollInterval(_ config: Config) -> Duration? { nil }
    package var rules: [any Rule.Type] { [] }
    package var configSections: [ConfigSectionEntry] { [] }
    package var configEntryLists: [ConfigEntryList] { [] }
    package var environmentKeys: [EnvironmentKey] { [] }
    package var storeMigrations: [StoreMigration] { [] }
    package var commands: [FeedCommand] { [] }
    package var bubbleKinds: [(prefix: String, kind: BubbleKind)] { [] }
}

extension [any FeedKind] {
    /// The kind whose rule `rule` is, if one of these kinds' own.
    package func kind(ofRule rule: String) -> (any FeedKind)? {
        first { $0.rules.contains { $0.id == rule } }
    }
}

/// What a feed round is given: the shared HTTP client, the clock, the logger, the store and the
/// one way alerts leave (`delivery`, beside the engine's state). Not the whole runner.
package struct FeedEnvironment: Sendable {
    package var config: Config
    package var paths: XDGPaths
    package var http: HTTPClient
    package var clock: any Clock<Duration>
    package var now: @Sendable () -> Date
    package var logger: Logger
    package var store: Store?
    package var delivery: any AlertDelivery
    /// The engine's rule states, shared by every feed of one run.
    package var engine: StoredEngine
    /// `--seed`, for what a feed picks at random (the launch country).
    package var seed: UInt64?
    /// Whether this run shows what is shown once per start (the launch country), which a
    /// daemon's reload does not repeat.
    package var launch: Bool
    /// A dry run's report: what the round says there (what it saw, why), beside what the
    /// dispatcher records; `nil` in a pass.
    package var recorder: (any DryRunNotes)? = nil
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

    package init(
        config: Config, paths: XDGPaths, http: HTTPClient, clock: any Clock<Duration>, now: @escaping @Sendable () -> Date, logger: Logger,
        store: Store?, delivery: any AlertDelivery, engine: StoredEngine, seed: UInt64?, launch: Bool, recorder: (any DryRunNotes)? = nil,
        pacing: FeedPacing? = nil, pollRequests: PollRequests? = nil, locale: Locale = .current, calendar: Calendar = .current
    ) {
        self.config = config
        self.paths = paths
        self.http = http
        self.clock = clock
        self.now = now
        self.logger = logger
        self.store = store
        self.delivery = delivery
        self.engine = engine
        self.seed = seed
        self.launch = launch
        self.recorder = recorder
        self.pacing = pacing
        self.pollRequests = pollRequests
        self.locale = locale
        self.calendar = calendar
    }
}

extension FeedEnvironment {
    /// A feed's wait for its next pass, after the store's caches are emptied, connections past
    /// reuse closed, the pass's freed heap handed back (see Heap) and, for a rest of seconds, the
    /// code it ran unmapped (see MappedFilePages): the daemon spends nearly all its life here.
    package func rest(for duration: Duration) async {
        store?.releaseMemory()
        http.closeStaleConnections()
        // Mapping back what the next pass runs costs about a millisecond: more than it saves when
        // passes follow each other closely.
        if duration >= .seconds(10) { MappedFilePages.releaseIfResting() }
        Heap.returnFreePages()
        try? await clock.sleep(for: duration)
    }
}
