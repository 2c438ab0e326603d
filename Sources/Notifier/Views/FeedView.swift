import ArgumentParser
import Rules

/// One view a feed brings: the link it answers (its name and the check its subject passes), its
/// `open <name>` subcommand, and, for views clicks open often, a fast path past the parser.
struct FeedView: Sendable {
    var link: LinkedView
    var command: any ParsableCommand.Type
    /// Runs a parsed `command`, awaiting it when it is async; the cast is to the concrete type,
    /// never to an existential (see `AsyncDispatch`).
    let run: @Sendable (any ParsableCommand) async throws -> Void
    /// The plain form `open <name> SUBJECT… [--json]` without the parser; `false` to leave it to
    /// the parser (options, help, typos), which gives the same result.
    var fastPath: (@Sendable (_ subjects: [String], _ json: Bool) async throws -> Bool)?

    init<Command: ParsableCommand>(
        _ link: LinkedView, command: Command.Type,
        fastPath: (@Sendable (_ subjects: [String], _ json: Bool) async throws -> Bool)? = nil
    ) {
        self.link = link
        self.command = command
        self.fastPath = fastPath
        run = { parsed in
            var command = parsed as! Command
            try command.run()
        }
    }

    init<Command: AsyncParsableCommand>(
        _ link: LinkedView, command: Command.Type,
        fastPath: (@Sendable (_ subjects: [String], _ json: Bool) async throws -> Bool)? = nil
    ) {
        self.link = link
        self.command = command
        self.fastPath = fastPath
        run = { parsed in
            var command = parsed as! Command
            try await command.run()
        }
    }

    var name: String { link.name }

    func handles(_ command: any ParsableCommand) -> Bool {
        ObjectIdentifier(type(of: command)) == ObjectIdentifier(self.command)
    }
}
