import ArgumentParser
import NotifierCore

/// Runs a parsed command, awaiting those that are async. The casts name the async commands
/// themselves, not `any AsyncParsableCommand`: an existential cast scans every protocol
/// conformance in the binary, milliseconds a detail view should not pay. A feed's view runs
/// through its `FeedView`, a feed's command through its `AsyncCommandRunner`, each knowing its
/// own type. The one place for `main` and `open-url`.
enum AsyncDispatch {
    static func run(_ command: any ParsableCommand) async throws {
        switch command {
        case let root as NotifierCommand: try await root.run()
        case let openURL as OpenURLCommand: try await openURL.run()
        case let scenarioTest as TestCommand: try await scenarioTest.run()
        case let channelTest as ChannelTestCommand: try await channelTest.run()
        case let ack as AckCommand: try await ack.run()
        default:
            if let feedCommand = Program.notifier.asyncCommands.first(where: { $0.handles(command) }) {
                try await feedCommand.run(command)
                return
            }
            if let view = Program.notifier.views.views.first(where: { $0.handles(command) }) {
                try await view.run(command)
                return
            }
            var synchronous = command
            try synchronous.run()
        }
    }
}
