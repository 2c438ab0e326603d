import Foundation
import Logging
import NotifierCore
import NotifierDelivery
import NotifierEngine
import NotifierSystem

extension RoundFetch {
    /// A view's request: kept by the daemon's round when one runs, else by this process as that
    /// round would keep it (its store open for writing, as a pass opens it).
    package static func byDaemonOrPass(_ feed: String, request: String, context: AppContext) async -> Answer {
        if let answer = await DaemonBus.askToFetch(feed, request: request) { return answer }
        guard let keeper = context.program.feeds.capable((any KeepsWhatViewsFetch).self).first(where: { $0.name == feed }) else { return .notKept }
        // A view may be ncurses': the round's log lines must not land on it.
        let quiet = Logger(label: "notifier.view") { _ in SwiftLogNoOpLogHandler() }
        let runner = Runner(context: context.with(logger: quiet), output: .desktop, seed: nil)
        guard let store = try? runner.context.openStore() else { return .notKept }
        let dispatcher = Dispatcher(
            sink: ScreenLines(), store: store, config: runner.context.config, logger: quiet, paths: context.paths, feeds: [keeper], elsewhere: .network)
        return await keeper.fetchAndKeep(request, runner.environment(store: store, dispatcher: dispatcher, launch: false))
    }
}
