import Foundation
import GRDB
import NotifierCore
import NotifierEngine

/// What the channels still owe and hold: alerts a channel refused, tried again with backoff
/// across runs; and which subjects' messages are up on an ntfy topic, so that a resolution
/// clears them there.
extension Store {
    package static func createChannelParcelTables(_ db: Database) throws {
        try db.create(table: "channel_parcel") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("channel", .text).notNull()
            t.column("parcel", .text).notNull() // ChannelParcel as JSON: the alert's text, never a secret
            t.column("next_try", .datetime).notNull()
        }
        try db.create(table: "channel_message") { t in
            t.column("channel", .text).notNull()
            t.column("rule", .text).notNull()
            t.column("subject", .text).notNull()
            t.column("sequence_id", .text).notNull()
            t.column("sent_at", .datetime).notNull()
            t.primaryKey(["channel", "rule", "subject"])
        }
    }

    /// Every parcel waiting, oldest first, with its row id.
    package func channelParcels() throws(StoreError) -> [(id: Int64, parcel: ChannelParcel)] {
        try read("reading the channels' parcels") { db in
            try Row.fetchAll(db, sql: "SELECT id, parcel FROM channel_parcel ORDER BY id").compactMap { row in
                // One that no longer decodes (an older program's) is dropped by the next write.
                guard let parcel = try? Self.decoder.decode(ChannelParcel.self, from: Data((row["parcel"] as String).utf8)) else { return nil }
                return (row["id"], parcel)
            }
        }
    }

    /// When the next parcel is due; `nil`: none waits.
    package func nextChannelParcelTry() throws(StoreError) -> Date? {
        try read("reading the channels' parcels") { db in try Date.fetchOne(db, sql: "SELECT MIN(next_try) FROM channel_parcel") }
    }

    package func addChannelParcel(_ parcel: ChannelParcel) throws(StoreError) {
        try write("keeping a channel's parcel") { db in
            try db.execute(
                sql: "INSERT INTO channel_parcel (channel, parcel, next_try) VALUES (?, ?, ?)",
                arguments: [parcel.channel, try Self.json(parcel), parcel.nextTry])
        }
    }

    /// Replaces parcel `id` with what is left of it: `nil` when it went out or was given up.
    package func settleChannelParcel(_ id: Int64, with parcel: ChannelParcel?) throws(StoreError) {
        try write("settling a channel's parcel") { db in
            if let parcel {
                try db.execute(
                    sql: "UPDATE channel_parcel SET parcel = ?, next_try = ? WHERE id = ?",
                    arguments: [try Self.json(parcel), parcel.nextTry, id])
            } else {
                try db.execute(sql: "DELETE FROM channel_parcel WHERE id = ?", arguments: [id])
            }
        }
    }

    /// A subject's message is up on `channel` under `sequenceID`.
    package func rememberChannelMessage(_ channel: String, key: SubjectKey, sequenceID: String, at now: Date) throws(StoreError) {
        try write("remembering a channel's message") { db in
            try db.execute(
                sql: """
                    INSERT INTO channel_message (channel, rule, subject, sequence_id, sent_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(channel, rule, subject) DO UPDATE SET sequence_id = excluded.sequence_id, sent_at = excluded.sent_at
                    """, arguments: [channel, key.rule, key.subject, sequenceID, now])
        }
    }

    /// Every message up on a channel, by subject: few (one per subject that went out), read once.
    package func channelMessages() throws(StoreError) -> [SubjectKey: [String: String]] {
        try read("reading the channels' messages") { db in
            var messages: [SubjectKey: [String: String]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT channel, rule, subject, sequence_id FROM channel_message") {
                messages[SubjectKey(rule: row["rule"], subject: row["subject"]), default: [:]][row["channel"]] = row["sequence_id"]
            }
            return messages
        }
    }

    package func forgetChannelMessage(_ channel: String, key: SubjectKey) throws(StoreError) {
        try write("forgetting a channel's message") { db in
            try db.execute(
                sql: "DELETE FROM channel_message WHERE channel = ? AND rule = ? AND subject = ?",
                arguments: [channel, key.rule, key.subject])
        }
    }

    /// The history rows of an alert written as going to a channel, when every channel refused it
    /// and this desktop showed it instead: the history says where it went.
    package func reSink(rule: String, key: String, at time: Date, from old: String, to new: String) throws(StoreError) {
        try write("correcting the history") { db in
            try db.execute(
                sql: "UPDATE delivery SET sink = ? WHERE rule = ? AND key = ? AND delivered_at = ? AND sink = ?",
                arguments: [new, rule, key, time, old])
        }
    }
}
