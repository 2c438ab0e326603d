import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `notifier open feed NAME`: where a feed's "failing" and "recovered" notices lead.
package struct OpenFeed: ViewCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "One feed's status: health, the last error in full, the next poll and why then, the recent polls.",
        discussion: "Reads the store, so it shows what the daemon or the last `notifier --once` saw.\nExample: notifier open feed crypto"
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: ArgumentHelp("The feed, as `notifier status` names it.", valueName: "name"))
    package var name: String

    @OptionGroup package var output: OutputOptions<StatusHelp>

    package func validate() throws {
        guard LinkedView.feed.isValid(name) else {
            throw ValidationError(
                "a feed's name is 1–40 lowercase letters, digits and underscores, such as crypto; got '\(TextSanitizer.singleLine(String(name.prefix(40))))'")
        }
    }

    package func show(context: AppContext) throws {
        let known = Set(context.program.feeds.map(\.name) + ((try? Store.openForReading(path: context.paths.storePath)?.feedsWithHealth()) ?? []))
        guard known.contains(name) else {
            throw UserError.invalidArgument("no feed called '\(name)'; feeds: \(known.sorted().joined(separator: ", "))")
        }
        let (name, config, paths, feeds) = (name, context.config, context.paths, context.program.feeds)
        let load: @Sendable () -> FeedReport = { FeedReport.load(name: name, store: Store.openForReading(path: paths.storePath), config: config, feeds: feeds) }
        let report = load()
        if ScreenRunner.isInteractive(plain: plain, json: json, environment: context.environment),
            ScreenRunner.run(FeedStatusModel(report: report, reload: load), context: context)
        {
            return
        }
        if json { return try StatusJSON.print(StatusJSON.Feed(report, now: context.now())) }
        let lines = [StyledLine(FeedStatusModel.title(report), .bold)] + FeedStatusModel.lines(report, width: 80, now: context.now(), timeZone: .current)
        print(lines.map(\.text).joined(separator: "\n"))
    }
}
