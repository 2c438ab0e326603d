import NotifierCore

extension Program {
    /// The program `main` runs: its feeds, its root command for the links no view answers, and
    /// its passes for the screens that poll.
    package static let notifier = Program(
        feeds: Feeds.all, runCommand: { arguments in try await AsyncDispatch.run(NotifierCommand.parseAsRoot(arguments)) },
        pollFeed: RoundPoll.byDaemonOrPass)
}
