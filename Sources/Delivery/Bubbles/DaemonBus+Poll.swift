import Foundation
import NotifierCore

extension DaemonBus {
    /// Asks a running daemon to poll `feed` now (its `Poll`), and waits for its answer: after
    /// its round polled, or why it did not. `nil` when no daemon owns the name, or one that
    /// does not know `Poll` (a daemon older than the screen).
    package static func askToPoll(_ feed: String, timeout: Duration = .seconds(90)) async -> PollRequests.Answer? {
        await callDaemon("Poll", [.string(feed)], timeout: timeout)?[0]?.stringValue.flatMap(PollRequests.Answer.init(rawValue:))
    }
}
