import ArgumentParser

/// `notifier open <view> …`: the subcommands are the registered feeds' views, in the
/// registry's order (`FeedKind.views`); none is named here.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Show a detail view; notifications link here.",
        subcommands: ViewRegistry.program.views.map(\.command)
    )
}
