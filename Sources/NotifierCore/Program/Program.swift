import ArgumentParser
import Foundation
import NotifierEngine
import NotifierSystem

/// What this program is made of: its feeds and what they bring (rules, views and their links,
/// config tables, commands), gathered once. `main` builds it from the one list of feeds; a
/// command finds it as `Program.current` and hands it down in its `AppContext`; a test builds
/// its own from the feeds it tests.
package struct Program: Sendable {
    package let feeds: [any FeedKind]
    /// Delivery's features, in the order their tables came to the store.
    package let delivery: [any DeliveryFeature]
    /// Every rule, in the order `notifier rules` lists them.
    package let rules: [any Rule.Type]
    /// The feeds' views, and the links they answer.
    package let views: ViewRegistry
    /// The tables and keys of the config file.
    package let schema: ConfigSchema
    /// The clock and the time every command and view reads.
    package let time: TimeSource
    /// Parses and runs a command line through the program's root command (a link to `list`
    /// or `history`, which no feed's view answers).
    package let runCommand: @Sendable ([String]) async throws -> Void
    /// Has one feed's round poll for a live screen (`RoundPoll`): the daemon's, or a pass.
    package let pollFeed: @Sendable (String, AppContext) async -> RoundPoll.Outcome
    /// Has one feed's round fetch and keep what a view asks for (`RoundFetch`): the daemon's,
    /// or this process as the round would.
    package let fetchForView: @Sendable (_ feed: String, _ request: String, AppContext) async -> RoundFetch.Answer

    package init(
        feeds: [any FeedKind], delivery: [any DeliveryFeature] = [], time: TimeSource = .system,
        runCommand: @escaping @Sendable ([String]) async throws -> Void = { _ in throw UserError.invalidArgument("no root command") },
        pollFeed: @escaping @Sendable (String, AppContext) async -> RoundPoll.Outcome = { _, _ in .pass(told: []) },
        fetchForView: @escaping @Sendable (String, String, AppContext) async -> RoundFetch.Answer = { _, _, _ in .notKept }
    ) {
        self.feeds = feeds
        self.delivery = delivery
        self.runCommand = runCommand
        self.pollFeed = pollFeed
        self.fetchForView = fetchForView
        // A feed's health is every polling feed's, so the program's own rule, listed last.
        rules = feeds.flatMap(\.rules) + [FeedHealthRule.self]
        views = ViewRegistry(feeds: feeds)
        schema = ConfigSchema(feeds: feeds, delivery: delivery)
        self.time = time
    }

    /// The program a command runs in: `main` binds the executable's, a test its own. Read where
    /// a command starts (`AppContext.load`) and passed down from there.
    @TaskLocal package static var current = Program(feeds: [])

    /// The links the rules' alerts carry, each to a view.
    package var ruleLinks: LinkCatalog { LinkCatalog(rules: rules) }

    /// The root's subcommands: the program's own, each followed by the feeds' commands placed
    /// after it, then the feeds' commands placed at the end, in the feeds' order.
    package func subcommands(_ own: [any ParsableCommand.Type]) -> [any ParsableCommand.Type] {
        let placed = feeds.flatMap(\.commands)
        let ownNames = Set(own.map { $0.configuration.commandName ?? "" })
        let following = { (command: any ParsableCommand.Type) in
            placed.filter { $0.after != nil && $0.after == command.configuration.commandName }.map(\.command)
        }
        let atTheEnd = placed.filter { $0.after.map { !ownNames.contains($0) } ?? true }.map(\.command)
        return own.flatMap { [$0] + following($0) } + atTheEnd
    }

    /// The feeds' async commands, for the dispatch of a parsed command.
    package var asyncCommands: [AsyncCommandRunner] { feeds.flatMap(\.commands).flatMap(\.asyncCommands) }

    /// Every table in the store beyond its own: delivery's features', then the feeds'.
    package var storeMigrations: [StoreMigration] { delivery.flatMap(\.storeMigrations) + feeds.flatMap(\.storeMigrations) }
}
