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

extension DaemonBus {
    /// Asks a running daemon to have `feed`'s round fetch and keep `request` (its `Fetch`),
    /// and waits for its answer. `nil` when no daemon owns the name, or one that does not know
    /// `Fetch` (a daemon older than the view).
    package static func askToFetch(_ feed: String, request: String, timeout: Duration = .seconds(90)) async -> RoundFetch.Answer? {
        await callDaemon("Fetch", [.string(feed), .string(request)], timeout: timeout)?[0]?.stringValue.flatMap(RoundFetch.Answer.init(rawValue:))
    }
}
