import ArgumentParser
import NotifierEngine

/// One view a feed brings: the link it answers (its name and the check its subject passes), its
/// `open <name>` subcommand, and, for views clicks open often, a fast path past the parser.
package struct FeedView: Sendable {
    package var link: LinkedView
    package var command: any ParsableCommand.Type
    /// Runs a parsed `command`, awaiting it when it is async; the cast is to the concrete type,
    /// never to an existential (see `AsyncDispatch`).
    package let run: @Sendable (any ParsableCommand) async throws -> Void
    /// The plain form `open <name> SUBJECT… [--json]` without the parser; `false` to leave it to
    /// the parser (options, help, typos), which gives the same result.
    package var fastPath: FastPath?
    /// For a link's subject the link's own check lets through or not, the view's message when
    /// the view refuses it (a real date outside the calendar's range), so `open-url` gives the
    /// message `open` gives, not "not a link"; `nil` when it takes it.
    package var subjectProblem: (@Sendable (_ subject: String) -> String?)?

    package init<Command: ParsableCommand>(
        _ link: LinkedView, command: Command.Type,
        fastPath: FastPath? = nil
    ) {
        self.link = link
        self.command = command
        self.fastPath = fastPath
        run = { parsed in
            var command = parsed as! Command
            try command.run()
        }
    }

    package init<Command: AsyncParsableCommand>(
        _ link: LinkedView, command: Command.Type,
        fastPath: FastPath? = nil
    ) {
        self.link = link
        self.command = command
        self.fastPath = fastPath
        run = { parsed in
            var command = parsed as! Command
            try await command.run()
        }
    }

    /// A fast path: the subjects, `--json`, and the context as the view's `run()` loads it
    /// without options, loaded once the fast path takes the arguments.
    package typealias FastPath = @Sendable (_ subjects: [String], _ json: Bool, _ context: () throws -> AppContext) async throws -> Bool

    package var name: String { link.name }

    /// This view, with `problem` telling a subject it refuses.
    package func refusing(_ problem: @escaping @Sendable (_ subject: String) -> String?) -> FeedView {
        var view = self
        view.subjectProblem = problem
        return view
    }

    package func handles(_ command: any ParsableCommand) -> Bool {
        ObjectIdentifier(type(of: command)) == ObjectIdentifier(self.command)
    }
}
