import NotifierCore

extension Program {
    /// The program `main` runs: its feeds, and its root command for the links no view answers.
    static let notifier = Program(
        feeds: Feeds.all, runCommand: { arguments in try await AsyncDispatch.run(NotifierCommand.parseAsRoot(arguments)) })
}
