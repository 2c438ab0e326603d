import Foundation
import Logging
import NotifierEngine
import NotifierSystem
import Synchronization

/// How a live screen refreshes a feed: it asks the feed's round to poll, then reads the store.
/// With a daemon running, its round polls (over the bus, `PollRequests`), so the screen is no
/// second poller beside it; with none, a pass of that one feed as `--once` makes it. Either way
/// the round's health, backoff, decisions and store writes are the ones there are.
package enum RoundPoll {
    package enum Outcome: Sendable, Equatable {
        /// The daemon answered (its round polled, or why it did not).
        case daemon(PollRequests.Answer)
        /// No daemon: this process polled the feed once; `told`: alerts that had no desktop
        /// to go to, for the screen to show on its own line.
        case pass(told: [String])
    }

    package static func poll(_ feed: String, context: AppContext) async -> Outcome {
        if let answer = await DaemonBus.askToPoll(feed) { return .daemon(answer) }
        // The screen is ncurses': the pass's log lines and terminal output must not land on it.
        let quiet = Logger(label: "notifier.view") { _ in SwiftLogNoOpLogHandler() }
        var runner = Runner(context: context.with(logger: quiet), output: .desktop, seed: nil)
        runner.feeds = context.program.feeds.filter { $0.name == feed }
        let lines = ScreenLines()
        runner.terminal = lines
        _ = await runner.runOnce()
        return .pass(told: lines.titles)
    }
}

/// A pass's alerts that would have been written to standard output, kept for a screen's line.
package final class ScreenLines: AlertSink {
    package let name = "terminal"
    private let told = Mutex<[String]>([])

    package init() {}

    package var titles: [String] { told.withLock { $0 } }

    package func deliver(_ alert: Alert, at time: Date) async throws(DeliveryError) {
        let title = TextSanitizer.singleLine(alert.title)
        told.withLock { $0.append(title) }
    }
}
