import Foundation
import GRDB
import NotifierEngine

/// One poll of a feed and how it went, for the status screens.
package struct FeedPoll: Sendable, Equatable {
    package var at: Date
    /// `nil`: the poll succeeded.
    package var error: String?
}

extension Store {
    /// v12: the members of groups and summaries in the history, and each feed's polls.
    package static func registerHistoryGroupsAndPolls(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v12: history groups and feed polls") { db in
            // The members of a group or summary, under its id, for `notifier history --group ID`.
            try db.alter(table: "delivery") { t in t.add(column: "group_id", .text).indexed() }
            // Each poll's outcome, for a feed's status screen (`notifier open feed NAME`).
            try db.create(table: "feed_poll") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("feed", .text).notNull()
                t.column("at", .datetime).notNull()
                t.column("error", .text) // nil: the poll succeeded
            }
            try db.create(index: "feed_poll_by_feed", on: "feed_poll", columns: ["feed", "at"])
        }
    }

    /// The newest polls of a feed first.
    package func recentPolls(feed: String, limit: Int = 20) throws(StoreError) -> [FeedPoll] {
        try read("reading the polls") { db in
            try Row.fetchAll(db, sql: "SELECT at, error FROM feed_poll WHERE feed = ? ORDER BY at DESC, id DESC LIMIT ?", arguments: [feed, limit])
                .map { FeedPoll(at: $0["at"], error: $0["error"]) }
        }
    }

    /// Every feed (or watch) the store holds a health for, by name.
    package func feedsWithHealth() throws(StoreError) -> [String] {
        try read("reading the feed state") { db in
            try String.fetchAll(db, sql: "SELECT feed FROM feed_state ORDER BY feed")
        }
    }
}
