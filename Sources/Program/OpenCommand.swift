import ArgumentParser
import NotifierCore

/// `notifier open <view> …`: the subcommands are the feeds' views, in the program's order
/// (`FeedKind.views`), then the program's own (`feed`); none is named here.
/// With no view, the home screen (`notifier status`).
struct OpenCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Show a detail view; notifications link here. Alone, the home screen (notifier status).",
        subcommands: Program.notifier.views.views.map(\.command) + [OpenFeed.self]
    )

    @OptionGroup var global: GlobalOptions

    func run(context: AppContext) throws {
        try StatusCommand.show(json: false, plain: false, context: context)
    }
}
