import Foundation
import GRDB
import NotifierCore
import NotifierEngine

/// One poll of one watch as stored: what it selected (the first value; `nil` for none) and how
/// the fetch went.
package struct WatchPollRecord: Sendable, Equatable {
    package enum Status: String, Sendable {
        /// A value was selected.
        case value
        /// The fetch worked; the selector found nothing usable (no match, null, wrong type, stopped).
        case noValue = "no value"
        /// The fetch failed: unknown.
        case failed
    }

    package var watch: String
    package var at: Date
    package var status: Status
    /// The first value selected, as JSON; `nil` unless `status` is `.value`.
    package var value: String?
    package var number: Double?
    /// What went wrong, or "304 unchanged"; never a secret (see `WatchRound`).
    package var detail: String = ""
}

/// What a watch remembers between polls beside its values: the selector's health, and the last
/// response (bounded) for its view.
package struct WatchStateRecord: Sendable, Equatable {
    package var watch: String
    package var selectorHealth = SelectorHealth()
    package var lastFetch: Date?
    package var lastStatus = ""
    package var lastPayload: String?
}

extension Store {
    package static func createWatchTables(_ db: Database) throws {
        try db.create(table: "watch_value") { t in
            t.column("watch", .text).notNull()
            t.column("at", .datetime).notNull()
            t.column("status", .text).notNull()
            t.column("value", .text)
            t.column("number", .double)
            t.column("detail", .text).notNull().defaults(to: "")
        }
        try db.create(index: "watch_value_by_watch", on: "watch_value", columns: ["watch", "at"])
        try db.create(table: "watch_member") { t in
            t.column("watch", .text).notNull()
            t.column("member", .text).notNull()
            t.column("first_seen", .datetime).notNull()
            t.primaryKey(["watch", "member"])
        }
        try db.create(table: "watch_state") { t in
            t.primaryKey("watch", .text)
            t.column("misses", .integer).notNull().defaults(to: 0)
            t.column("miss_reported", .boolean).notNull().defaults(to: false)
            t.column("last_fetch", .datetime)
            t.column("last_status", .text).notNull().defaults(to: "")
            t.column("last_payload", .text)
        }
    }

    /// One poll in one transaction: its row, the new members, the state; rows older than
    /// `keepDays` pruned.
    package func saveWatchPoll(_ poll: WatchPollRecord, state: WatchStateRecord, newMembers: [WatchValue], keepDays: Int) throws(StoreError) {
        try write("saving a watch's poll") { db in
            try db.execute(
                sql: "INSERT INTO watch_value (watch, at, status, value, number, detail) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [poll.watch, poll.at, poll.status.rawValue, poll.value, poll.number, poll.detail])
            for member in newMembers {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO watch_member (watch, member, first_seen) VALUES (?, ?, ?)",
                    arguments: [poll.watch, member.canonicalJSON, poll.at])
            }
            try db.execute(
                sql: """
                    INSERT INTO watch_state (watch, misses, miss_reported, last_fetch, last_status, last_payload) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT(watch) DO UPDATE SET misses = excluded.misses, miss_reported = excluded.miss_reported,
                      last_fetch = excluded.last_fetch, last_status = excluded.last_status,
                      last_payload = COALESCE(excluded.last_payload, watch_state.last_payload)
                    """,
                arguments: [
                    state.watch, state.selectorHealth.consecutiveMisses, state.selectorHealth.reported,
                    state.lastFetch, state.lastStatus, state.lastPayload,
                ])
            try db.execute(
                sql: "DELETE FROM watch_value WHERE watch = ? AND at < ?",
                arguments: [poll.watch, poll.at.addingTimeInterval(-Double(max(1, keepDays)) * 86400)])
        }
    }

    package func watchState(_ watch: String) throws(StoreError) -> WatchStateRecord? {
        try read("reading a watch's state") { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM watch_state WHERE watch = ?", arguments: [watch]) else { return nil }
            return WatchStateRecord(
                watch: watch, selectorHealth: SelectorHealth(consecutiveMisses: row["misses"], reported: row["miss_reported"]),
                lastFetch: row["last_fetch"], lastStatus: row["last_status"], lastPayload: row["last_payload"])
        }
    }

    /// A watch's polls, oldest first; `since` bounds them, `limit` keeps the newest.
    package func watchPolls(_ watch: String, since: Date? = nil, limit: Int = 10_000) throws(StoreError) -> [WatchPollRecord] {
        try read("reading a watch's values") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM (SELECT rowid AS id, * FROM watch_value WHERE watch = ? AND at >= ? ORDER BY at DESC, id DESC LIMIT ?) ORDER BY at, id
                    """, arguments: [watch, since ?? Date.distantPast, limit])
            return rows.map { row in
                WatchPollRecord(
                    watch: watch, at: row["at"], status: WatchPollRecord.Status(rawValue: row["status"]) ?? .failed,
                    value: row["value"], number: row["number"], detail: row["detail"])
            }
        }
    }

    /// The last value known (polls without one skipped).
    package func lastKnownWatchValue(_ watch: String) throws(StoreError) -> WatchValue? {
        try read("reading a watch's last value") { db in
            let text = try String.fetchOne(
                db, sql: "SELECT value FROM watch_value WHERE watch = ? AND status = 'value' ORDER BY at DESC, rowid DESC LIMIT 1",
                arguments: [watch])
            return text.flatMap { WatchValue(json: $0) }
        }
    }

    /// The members an `appears` watch has seen; `nil` before its first poll with values.
    package func watchMembers(_ watch: String) throws(StoreError) -> Set<String> {
        try read("reading a watch's members") { db in
            Set(try String.fetchAll(db, sql: "SELECT member FROM watch_member WHERE watch = ?", arguments: [watch]))
        }
    }
}
