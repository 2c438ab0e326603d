import Foundation
import NotifierEngine

/// How a view has its feed's round fetch what no round polls (a far week of the remote holiday
/// source) and keep it, then reads it back from the store: views open the store read-only, so
/// what a view fetched itself was asked of the API again at every look. With a daemon running,
/// its round fetches (over the bus, `FetchRequests`); with none, this process does as the round
/// would (a pass of that one request). The feed says what a request means (`KeepsWhatViewsFetch`).
package enum RoundFetch {
    package enum Answer: String, Sendable, CaseIterable {
        /// Fetched and kept in the store (or it was there already): the view reads it there.
        case kept
        /// The source failed; the view finds out why as it does without a round.
        case failed
        /// No round keeps it: the feed is off, keeps nothing of this, or the request is not one
        /// of its own.
        case notKept = "not-kept"
    }

    /// Asks the program to have `feed`'s round fetch and keep `request` (see `Program.fetchForView`).
    package static func fetch(_ feed: String, request: String, context: AppContext) async -> Answer {
        await context.program.fetchForView(feed, request, context)
    }
}

/// The daemon's side of `RoundFetch`: the running generation's feeds that keep what views
/// fetch, with that generation's environment (its store, open for writing, and HTTP client).
/// A feed's requests are served one after the other, so two views asking for the same week make
/// one request and the second reads what the first kept.
package actor FetchRequests {
    private var keepers: [String: any KeepsWhatViewsFetch] = [:]
    private var environment: FeedEnvironment?
    private var last: [String: Task<RoundFetch.Answer, Never>] = [:]

    package init() {}

    /// A generation starts: its feeds' rounds answer from now on.
    package func serve(_ feeds: [any FeedKind], environment: FeedEnvironment) {
        keepers = Dictionary(feeds.capable((any KeepsWhatViewsFetch).self).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.environment = environment
    }

    /// The generation ended (a reload, the daemon stopping): nothing is fetched until the next.
    package func stopped() {
        keepers = [:]
        environment = nil
    }

    /// Has `feed`'s round fetch and keep `request`, after whatever it was asked before.
    package func ask(_ feed: String, request: String) async -> RoundFetch.Answer {
        guard let keeper = keepers[feed], let environment else { return .notKept }
        let previous = last[feed]
        let next = Task {
            _ = await previous?.value
            return await keeper.fetchAndKeep(request, environment)
        }
        last[feed] = next
        return await next.value
    }
}
