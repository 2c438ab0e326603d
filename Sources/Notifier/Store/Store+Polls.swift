import Foundation
import GRDB

/// One poll of a feed and how it went, for the status screens.
struct FeedPoll: Sendable, Equatable {
    var at: Date
    /// `nil`: the poll succeeded.
    var error: String?
}

extension Store {
    /// The newest polls of a feed first.
    func recentPolls(feed: String, limit: Int = 20) throws(StoreError) -> [FeedPoll] {
        try read("reading the polls") { db in
            try Row.fetchAll(db, sql: "SELECT at, error FROM feed_poll WHERE feed = ? ORDER BY at DESC, id DESC LIMIT ?", arguments: [feed, limit])
                .map { FeedPoll(at: $0["at"], error: $0["error"]) }
        }
    }

    /// Every feed (or watch) the store holds a health for, by name.
    func feedsWithHealth() throws(StoreError) -> [String] {
        try read("reading the feed state") { db in
            try String.fetchAll(db, sql: "SELECT feed FROM feed_state ORDER BY feed")
        }
    }
}
