import ArgumentParser
import NotifierCore

/// `notifier list <feed>`: the subcommands are the feeds' lists (`FeedKind.lists`).
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List what a feed knows.",
        subcommands: Program.notifier.feeds.flatMap(\.lists)
    )
}
