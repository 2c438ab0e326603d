import ArgumentParser
import NotifierEngine

/// A top-level command a feed brings (`notifier watch`), and its place in the root help: after
/// the program's command named `after` (`"rules"`), or, with none, at the end.
package struct FeedCommand: Sendable {
    package let command: any ParsableCommand.Type
    package let after: String?
    /// Its async commands (the command itself or its subcommands), which `AsyncDispatch` awaits.
    package let asyncCommands: [AsyncCommandRunner]

    package init(_ command: any ParsableCommand.Type, after: String? = nil, async asyncCommands: [AsyncCommandRunner] = []) {
        self.command = command
        self.after = after
        self.asyncCommands = asyncCommands
    }
}

/// Runs a parsed async command of a feed's, cast to its own type, never to an existential (see
/// `AsyncDispatch`).
package struct AsyncCommandRunner: Sendable {
    package let command: any ParsableCommand.Type
    package let run: @Sendable (any ParsableCommand) async throws -> Void

    package init<Command: AsyncParsableCommand>(_ command: Command.Type) {
        self.command = command
        run = { parsed in
            var command = parsed as! Command
            try await command.run()
        }
    }

    package func handles(_ command: any ParsableCommand) -> Bool {
        ObjectIdentifier(type(of: command)) == ObjectIdentifier(self.command)
    }
}

/// One of the program's own top-level commands and the async commands it brings, told by its
/// type: an `AsyncParsableCommand` is its own; an `AsyncCommandGroup` names those among its
/// subcommands beside them. Nothing else lists them.
package struct ProgramCommand: Sendable {
    package let command: any ParsableCommand.Type
    package let asyncCommands: [AsyncCommandRunner]

    package init<Command: ParsableCommand>(_ command: Command.Type) {
        self.command = command
        asyncCommands = []
    }

    package init<Command: AsyncParsableCommand>(_ command: Command.Type) {
        self.command = command
        asyncCommands = [AsyncCommandRunner(command)]
    }

    package init<Command: AsyncCommandGroup>(_ command: Command.Type) {
        self.command = command
        asyncCommands = Command.asyncSubcommands
    }
}

/// A command group some of whose subcommands are async.
package protocol AsyncCommandGroup: ParsableCommand {
    static var asyncSubcommands: [AsyncCommandRunner] { get }
}
