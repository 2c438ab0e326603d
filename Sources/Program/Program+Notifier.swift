import NotifierCore
import NotifierDelivery

extension Program {
    /// The program `main` runs: its feeds, delivery's features, its root command for the links no view answers, and
    /// its passes for the screens that poll and the views that fetch.
    package static let notifier = Program(
        feeds: Feeds.all, delivery: DeliveryFeatures.all, runCommand: { arguments in try await AsyncDispatch.run(NotifierCommand.parseAsRoot(arguments)) },
        pollFeed: RoundPoll.byDaemonOrPass, fetchForView: RoundFetch.byDaemonOrPass)
}
