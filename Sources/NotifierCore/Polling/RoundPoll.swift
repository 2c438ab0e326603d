import Foundation
import NotifierEngine

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

    /// Asks the program to have `feed`'s round poll (see `Program.pollFeed`).
    package static func poll(_ feed: String, context: AppContext) async -> Outcome {
        await context.program.pollFeed(feed, context)
    }
}
