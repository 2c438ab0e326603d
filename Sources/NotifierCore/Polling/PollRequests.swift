import Foundation

/// Asks a feed's round to poll now, from outside its loop: a live screen, through the
/// daemon's bus. The round's own poll answers, so its health, backoff and store writes are the
/// ones a screen shows, and a screen is never a second poller. A loop backing off after
/// failures is not hurried, nor is one that polled moments ago: the screen reads the store.
package actor PollRequests {
    package enum Answer: String, Sendable, CaseIterable {
        /// The round polled; what it fetched is stored.
        case polled
        /// It polled within `recentEnough`; that poll is what is stored.
        case polledRecently = "polled-recently"
        /// It is backing off after failures; its health says why.
        case backingOff = "backing-off"
        /// No loop of that name is running (the feed is off, or polls on no timer).
        case notPolling = "not-polling"
    }

    /// A poll this recent answers a request instead of a new one.
    package let recentEnough: TimeInterval
    private var resting: [String: Rest] = [:]
    private var lastPoll: [String: Date] = [:]
    private var waiting: [String: [CheckedContinuation<Answer, Never>]] = [:]

    private struct Rest {
        var backingOff: Bool
        var task: Task<Void, Never>
    }

    package init(recentEnough: TimeInterval = 10) {
        self.recentEnough = recentEnough
    }

    /// Asks `feed`'s loop to poll now; returns once it has, or why it did not.
    package func ask(_ feed: String, now: Date) async -> Answer {
        if let last = lastPoll[feed], now.timeIntervalSince(last) < recentEnough, waiting[feed, default: []].isEmpty {
            return resting[feed] == nil ? .notPolling : .polledRecently
        }
        if waiting[feed, default: []].isEmpty {
            guard let rest = resting[feed] else { return .notPolling }
            if rest.backingOff { return .backingOff }
            rest.task.cancel()
        }
        // Joins a poll already asked for, rather than asking for another.
        return await withCheckedContinuation { waiting[feed, default: []].append($0) }
    }

    /// The loop rests in `rest`: a request ends it (`backingOff`: it refuses them). A request
    /// while it polls on its own is answered by that poll; one just after, by `polledRecently`.
    package func resting(_ feed: String, backingOff: Bool, rest: Task<Void, Never>) {
        resting[feed] = Rest(backingOff: backingOff, task: rest)
    }

    /// The loop polled: whoever asked is answered.
    package func polled(_ feed: String, at time: Date) {
        lastPoll[feed] = time
        answer(feed, .polled)
    }

    /// The loop ended (a reload, the daemon stopping): whoever asked is told it will not poll.
    package func stopped(_ feed: String) {
        resting[feed] = nil
        answer(feed, .notPolling)
    }

    private func answer(_ feed: String, _ answer: Answer) {
        for waiter in waiting.removeValue(forKey: feed) ?? [] { waiter.resume(returning: answer) }
    }
}
