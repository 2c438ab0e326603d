import Foundation
import GRDB
import NotifierEngine
import NotifierSystem

/// What the program keeps between runs: mutes, feed health, snapshots and the history of
/// deliveries (each feed's own tables in `Store/<Feed>/`).
extension Store {
    package func setMute(rule: String, until: Date?) throws(StoreError) {
        try write("saving a mute") { db in
            if let until {
                try db.execute(
                    sql: "INSERT INTO mute (rule, until) VALUES (?, ?) ON CONFLICT(rule) DO UPDATE SET until = excluded.until",
                    arguments: [rule, until])
            } else {
                try db.execute(sql: "DELETE FROM mute WHERE rule = ?", arguments: [rule])
            }
        }
    }

    package func feedHealth(feed: String) throws(StoreError) -> (health: FeedHealth, lastError: String?)? {
        try read("reading the feed state") { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT health, last_error FROM feed_state WHERE feed = ?", arguments: [feed]),
                let health = try? Self.decoder.decode(FeedHealth.self, from: Data((row["health"] as String).utf8))
            else { return nil }
            return (health, row["last_error"])
        }
    }

    package func saveFeedHealth(feed: String, health: FeedHealth, lastError: String?, now: Date) throws(StoreError) {
        try write("saving the feed state") { db in
            try db.execute(
                sql: """
                    INSERT INTO feed_state (feed, health, last_error, updated_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT(feed) DO UPDATE SET health = excluded.health, last_error = excluded.last_error, updated_at = excluded.updated_at
                    """,
                arguments: [feed, try Self.json(health), lastError.map(Redaction.scrub), now])
            // The poll's outcome; the last 50 per feed are kept for its status screen.
            try db.execute(sql: "INSERT INTO feed_poll (feed, at, error) VALUES (?, ?, ?)", arguments: [feed, now, lastError.map(Redaction.scrub)])
            try db.execute(
                sql: "DELETE FROM feed_poll WHERE feed = ? AND id NOT IN (SELECT id FROM feed_poll WHERE feed = ? ORDER BY at DESC, id DESC LIMIT 50)",
                arguments: [feed, feed])
        }
    }

    package static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Redaction.scrub(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    package static let decoder = JSONDecoder()

    package func save(_ snapshot: FeedSnapshot) throws(StoreError) {
        try write("saving the \(snapshot.feed) snapshot") { db in
            try db.execute(
                sql: """
                    INSERT INTO feed_snapshot (feed, source, fetched_at, payload) VALUES (?, ?, ?, ?)
                    ON CONFLICT(feed) DO UPDATE SET source = excluded.source, fetched_at = excluded.fetched_at, payload = excluded.payload
                    """,
                arguments: [snapshot.feed, snapshot.source, snapshot.fetchedAt, snapshot.payload])
        }
    }

    package func snapshot(feed: String) throws(StoreError) -> FeedSnapshot? {
        try read("reading the \(feed) snapshot") { db in
            let sql = "SELECT feed, source, fetched_at, \(Self.instantSQL("fetched_at")) AS fetched_at_ms, payload FROM feed_snapshot WHERE feed = ?"
            // A snapshot whose time cannot be read is none: the feed's next poll writes it anew.
            return try Row.fetchOne(db, sql: sql, arguments: [feed]).flatMap { row in
                Self.instant(row, milliseconds: "fetched_at_ms", text: "fetched_at").map {
                    FeedSnapshot(feed: row["feed"], source: row["source"], fetchedAt: $0, payload: row["payload"])
                }
            }
        }
    }

    package func record(_ delivery: Delivery) throws(StoreError) {
        try write("recording a delivery") { db in try Self.insert(delivery, db) }
    }

    package static func insert(_ delivery: Delivery, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO delivery (delivered_at, rule, key, title, body, urgency, deep_link, sink, reason, subject, group_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                delivery.deliveredAt, delivery.rule, delivery.key, Redaction.scrub(delivery.title), Redaction.scrub(delivery.body),
                delivery.urgency, delivery.deepLink, delivery.sink, Redaction.scrub(delivery.reason), delivery.subject, delivery.groupID,
            ])
    }
}
