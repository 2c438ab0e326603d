import ArgumentParser

/// A top-level command a feed brings (`notifier watch`), and its place in the root help: after
/// the program's command `after`, or, with none, at the end.
struct FeedCommand: Sendable {
    let command: any ParsableCommand.Type
    let after: (any ParsableCommand.Type)?
    /// Its async commands (the command itself or its subcommands), which `AsyncDispatch` awaits.
    let asyncCommands: [AsyncCommandRunner]

    init(_ command: any ParsableCommand.Type, after: (any ParsableCommand.Type)? = nil, async asyncCommands: [AsyncCommandRunner] = []) {
        self.command = command
        self.after = after
        self.asyncCommands = asyncCommands
    }
}

/// Runs a parsed async command of a feed's, cast to its own type, never to an existential (see
/// `AsyncDispatch`).
struct AsyncCommandRunner: Sendable {
    let command: any ParsableCommand.Type
    let run: @Sendable (any ParsableCommand) async throws -> Void

    init<Command: AsyncParsableCommand>(_ command: Command.Type) {
        self.command = command
        run = { parsed in
            var command = parsed as! Command
            try await command.run()
        }
    }

    func handles(_ command: any ParsableCommand) -> Bool {
        ObjectIdentifier(type(of: command)) == ObjectIdentifier(self.command)
    }
}

extension FeedRegistry {
    /// The root's subcommands: the program's own, each followed by the feeds' commands placed
    /// after it, then the feeds' commands placed at the end, in the registry's order.
    static func subcommands(_ own: [any ParsableCommand.Type], feeds: [any FeedKind] = all) -> [any ParsableCommand.Type] {
        let placed = feeds.flatMap(\.commands)
        let ownIDs = Set(own.map(ObjectIdentifier.init))
        let following = { (command: any ParsableCommand.Type) in
            placed.filter { $0.after.map(ObjectIdentifier.init) == ObjectIdentifier(command) }.map(\.command)
        }
        let atTheEnd = placed.filter { $0.after.map { !ownIDs.contains(ObjectIdentifier($0)) } ?? true }.map(\.command)
        return own.flatMap { [$0] + following($0) } + atTheEnd
    }

    /// The feeds' async commands, for `AsyncDispatch`.
    static let asyncCommands = all.flatMap(\.commands).flatMap(\.asyncCommands)
}
