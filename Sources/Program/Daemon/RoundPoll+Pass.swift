import Foundation
import Logging
import NotifierCore
import NotifierDelivery
import NotifierEngine
import NotifierSystem
import Synchronization

extension RoundPoll {
    /// A screen's poll of `feed`: by the daemon's round when one runs, else a pass of that feed.
    package static func byDaemonOrPass(_ feed: String, context: AppContext) async -> RoundPoll.Outcome {
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
