import Foundation
import NotifierCore
import NotifierEngine

package enum StatusRowsProviders {
    /// The feeds; what a feed adds of its own (a calendar it cannot read) goes after them.
    package static func all(_ feeds: [any FeedKind]) -> [any StatusRowsProvider] {
        [FeedStatusRows(feeds: feeds)] + feeds.capable((any StatusRowSources).self).flatMap(\.statusRows) + [ReachStatusRows()]
    }
}

/// Every feed of the program, and every other name the store holds a health for.
package struct FeedStatusRows: StatusRowsProvider {
    package let feeds: [any FeedKind]

    package init(feeds: [any FeedKind]) { self.feeds = feeds }

    package func statusRows(store: Store?, config: Config, now: Date) -> [StatusRow] {
        let registered = feeds.map(\.name)
        let stored = (try? store?.feedsWithHealth()) ?? []
        return (registered + stored.filter { !registered.contains($0) }).map { name in
            let report = FeedReport.load(name: name, store: store, config: config, feeds: feeds)
            return StatusRow(
                kind: "feed", name: name, state: report.state.rawValue, lastPoll: report.lastPoll,
                nextPoll: report.nextPoll(now: now)?.earliest, health: report.healthLine,
                link: DeepLink.feed(name)?.url ?? DeepLink.history.url)
        }
    }
}

/// What the home screen shows: rows of the providers, the rules with their mutes, the snoozes,
/// the feeds' own sections and the last notifications.
package struct StatusReport: Sendable, Equatable {
    package struct RuleRow: Sendable, Equatable {
        package var rule: String
        package var summary: String
        /// `distantFuture`: until `notifier unmute`; `nil`: not muted.
        package var mutedUntil: Date?
    }

    package struct SnoozeRow: Sendable, Equatable {
        package var rule: String
        package var subject: String
        package var until: Date
    }

    package var rows: [StatusRow]
    package var rules: [RuleRow]
    package var snoozes: [SnoozeRow]
    package var feedSections: [StatusSection]
    package var notifications: [Delivery]
    package var daemon = DaemonState.notRunning
    /// The next reminders and calendar alarms, soonest first.
    package var upcoming: [UpcomingRow] = []
    /// The values feeds keep an eye on, each feed's under its heading.
    package var valueSections: [ValueSection] = []
    /// The program's links, which a notification's row opens.
    package var links = LinkCatalog([])

    /// What the report shows; its links are the program's, the same for every report.
    package static func == (lhs: StatusReport, rhs: StatusReport) -> Bool {
        (lhs.rows, lhs.rules, lhs.snoozes, lhs.feedSections, lhs.notifications) == (rhs.rows, rhs.rules, rhs.snoozes, rhs.feedSections, rhs.notifications)
            && (lhs.daemon, lhs.upcoming, lhs.valueSections) == (rhs.daemon, rhs.upcoming, rhs.valueSections)
    }

    package static let notificationsShown = 5
    package static let upcomingShown = 5

    package static func load(context: AppContext, now: Date) -> StatusReport {
        let store = Store.openForReading(path: context.paths.storePath)
        let silences = (try? store?.loadSilences()) ?? (mutes: [:], snoozes: [:])
        let program = context.program
        let rules = program.rules.map { rule in
            RuleRow(rule: rule.id, summary: rule.summary, mutedUntil: silences.mutes[rule.id].flatMap { $0 > now ? $0 : nil })
        }
        let snoozes = silences.snoozes.filter { $0.value > now }.sorted { $0.key < $1.key }
            .map { SnoozeRow(rule: $0.key.rule, subject: $0.key.subject, until: $0.value) }
        let notifications = (try? store?.history(limit: notificationsShown)) ?? []
        return StatusReport(
            rows: StatusRowsProviders.all(program.feeds).flatMap { $0.statusRows(store: store, config: context.config, now: now) },
            rules: rules, snoozes: snoozes,
            feedSections: program.feeds.capable((any StatusSections).self).flatMap { $0.statusSections(config: context.config, now: now) },
            notifications: notifications,
            daemon: DaemonState.probe(stateDirectory: context.paths.stateHome + "/notifier"),
            upcoming: UpcomingRow.load(context: context, store: store, now: now),
            valueSections: program.feeds.capable((any ValueSections).self).map { $0.valueSection(config: context.config, store: store) },
            links: program.views.catalog)
    }
}
