import ArgumentParser
import NotifierCore

/// Runs a parsed command, awaiting those that are async. The casts name the async commands
/// themselves, not `any AsyncParsableCommand`: an existential cast scans every protocol
/// conformance in the binary, milliseconds a detail view should not pay. A feed's view runs
/// through its `FeedView`, a command through its `AsyncCommandRunner` (the program's own from
/// `NotifierCommand.own`, a feed's from its `FeedCommand`), each knowing its own type. The one
/// place for `main` and `open-url`.
package enum AsyncDispatch {
    static let asyncCommands = NotifierCommand.own.flatMap(\.asyncCommands) + Program.notifier.asyncCommands

    package static func run(_ command: any ParsableCommand) async throws {
        if let root = command as? NotifierCommand {
            try await root.run()
            return
        }
        if let asyncCommand = asyncCommands.first(where: { $0.handles(command) }) {
            try await asyncCommand.run(command)
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
