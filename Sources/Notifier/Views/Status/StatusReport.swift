import Foundation
import NotifierEngine

/// One row of the home screen's first section: something that polls or waits, with its state.
/// Feeds bring theirs; watches and reminders add a `StatusRowsProvider` of their own.
struct StatusRow: Sendable, Equatable {
    /// "feed", "watch", "reminder".
    var kind: String
    var name: String
    var state: String
    var lastPoll: Date?
    var nextPoll: Date?
    /// "ok", or what is wrong in a line.
    var health: String
    /// The `notifier://` link Enter opens.
    var link: String
}

/// A source of home-screen rows. Add one to `StatusRowsProviders.all` and `notifier status`
/// (screen and `--json`) shows its rows; nothing else changes.
protocol StatusRowsProvider: Sendable {
    func statusRows(store: Store?, config: Config, now: Date) -> [StatusRow]
}

enum StatusRowsProviders {
    /// The feeds; what a feed adds of its own (a calendar it cannot read) goes after them.
    static let all: [any StatusRowsProvider] = [FeedStatusRows()] + FeedRegistry.all.flatMap(\.statusRows) + [ReachStatusRows()]
}

/// Every registered feed, and every other name the store holds a health for.
struct FeedStatusRows: StatusRowsProvider {
    func statusRows(store: Store?, config: Config, now: Date) -> [StatusRow] {
        let registered = FeedRegistry.all.map(\.name)
        let stored = (try? store?.feedsWithHealth()) ?? []
        return (registered + stored.filter { !registered.contains($0) }).map { name in
            let report = FeedReport.load(name: name, store: store, config: config)
            return StatusRow(
                kind: "feed", name: name, state: report.state.rawValue, lastPoll: report.lastPoll,
                nextPoll: report.nextPoll(now: now)?.earliest, health: report.healthLine,
                link: DeepLink.feed(name)?.url ?? DeepLink.history.url)
        }
    }
}

/// What the home screen shows: rows of the providers, the rules with their mutes, the snoozes,
/// the feeds' own sections and the last notifications.
struct StatusReport: Sendable, Equatable {
    struct RuleRow: Sendable, Equatable {
        var rule: String
        var summary: String
        /// `distantFuture`: until `notifier unmute`; `nil`: not muted.
        var mutedUntil: Date?
    }

    struct SnoozeRow: Sendable, Equatable {
        var rule: String
        var subject: String
        var until: Date
    }

    var rows: [StatusRow]
    var rules: [RuleRow]
    var snoozes: [SnoozeRow]
    var feedSections: [StatusSection]
    var notifications: [Delivery]
    var daemon = DaemonState.notRunning
    /// The next reminders and calendar alarms, soonest first.
    var upcoming: [UpcomingRow] = []
    var watches: [WatchRow] = []

    static let notificationsShown = 5
    static let upcomingShown = 5

    static func load(context: AppContext, now: Date) -> StatusReport {
        let store = Store.openForReading(path: context.paths.storePath)
        let silences = (try? store?.loadSilences()) ?? (mutes: [:], snoozes: [:])
        let rules = RuleRegistry.all.map { rule in
            RuleRow(rule: rule.id, summary: rule.summary, mutedUntil: silences.mutes[rule.id].flatMap { $0 > now ? $0 : nil })
        }
        let snoozes = silences.snoozes.filter { $0.value > now }.sorted { $0.key < $1.key }
            .map { SnoozeRow(rule: $0.key.rule, subject: $0.key.subject, until: $0.value) }
        let notifications = (try? store?.history(limit: notificationsShown)) ?? []
        return StatusReport(
            rows: StatusRowsProviders.all.flatMap { $0.statusRows(store: store, config: context.config, now: now) },
            rules: rules, snoozes: snoozes,
            feedSections: FeedRegistry.all.flatMap { $0.statusSections(config: context.config, now: now) }, notifications: notifications,
            daemon: DaemonState.probe(stateDirectory: context.paths.stateHome + "/notifier"),
            upcoming: UpcomingRow.load(context: context, store: store, now: now),
            watches: FeedRegistry.all.flatMap { $0.watchRows(config: context.config, store: store) })
    }
}
