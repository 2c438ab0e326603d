import ArgumentParser

/// `notifier list <feed>`: the subcommands are the registered feeds' lists (`FeedKind.lists`).
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List what a feed knows.",
        subcommands: ViewRegistry.program.feeds.flatMap(\.lists)
    )
}
