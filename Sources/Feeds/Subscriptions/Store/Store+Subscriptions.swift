import Foundation
import GRDB
import NotifierCore
import NotifierEngine

/// `[[subscriptions]]`: the messages shown (for their view) and where each topic is read from next.
extension Store {
    package static func createSubscriptionTables(_ db: Database) throws {
        try db.create(table: "subscription_message") { t in
            t.column("subscription", .text).notNull()
            t.column("id", .text).notNull()
            t.column("time", .datetime).notNull()
            t.column("received_at", .datetime).notNull()
            t.column("payload", .text).notNull() // the cleaned NtfyMessage, as JSON
            t.primaryKey(["subscription", "id"])
        }
        // What `since=` says next: the last message's id, or, before the first, the Unix time
        // of the first look (so a topic's cache is not shown on first use).
        try db.create(table: "subscription_cursor") { t in
            t.primaryKey("subscription", .text)
            t.column("since", .text).notNull()
            t.column("updated_at", .datetime).notNull()
        }
    }

    package func subscriptionCursor(_ name: String) throws(StoreError) -> String? {
        try read("reading where a subscription resumes") { db in
            try String.fetchOne(db, sql: "SELECT since FROM subscription_cursor WHERE subscription = ?", arguments: [name])
        }
    }

    /// Sets the cursor only where there is none yet: the first look's time.
    package func startSubscriptionCursor(_ name: String, since: String, now: Date) throws(StoreError) {
        try write("starting a subscription") { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO subscription_cursor (subscription, since, updated_at) VALUES (?, ?, ?)",
                arguments: [name, since, now])
        }
    }

    /// Keeps the messages shown and moves the cursor past them, in one commit: after the
    /// dispatcher's, so a crash between the two reads them again and the engine's ledger
    /// (their subjects) keeps them from being shown twice.
    package func saveSubscriptionMessages(_ name: String, _ messages: [NtfyMessage], cursor: String, now: Date, keepDays: Int) throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        try write("keeping a subscription's messages") { db in
            for message in messages {
                let payload = String(decoding: try encoder.encode(message), as: UTF8.self)
                try db.execute(
                    sql: "INSERT OR REPLACE INTO subscription_message (subscription, id, time, received_at, payload) VALUES (?, ?, ?, ?, ?)",
                    arguments: [name, message.id, message.time, now, payload])
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO subscription_cursor (subscription, since, updated_at) VALUES (?, ?, ?)",
                arguments: [name, cursor, now])
            try db.execute(
                sql: "DELETE FROM subscription_message WHERE subscription = ? AND received_at < ?",
                arguments: [name, now.addingTimeInterval(-Double(max(1, keepDays)) * 86400)])
        }
    }

    /// The newest first; one message when `id` is given.
    package func subscriptionMessages(_ name: String, id: String? = nil, limit: Int = 50) throws(StoreError) -> [NtfyMessage] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try read("reading a subscription's messages") { db in
            let rows =
                if let id {
                    try String.fetchAll(db, sql: "SELECT payload FROM subscription_message WHERE subscription = ? AND id = ?", arguments: [name, id])
                } else {
                    try String.fetchAll(
                        db, sql: "SELECT payload FROM subscription_message WHERE subscription = ? ORDER BY received_at DESC, rowid DESC LIMIT ?",
                        arguments: [name, limit])
                }
            return rows.compactMap { try? decoder.decode(NtfyMessage.self, from: Data($0.utf8)) }
        }
    }
}
