import Foundation
import GRDB
import NotifierCore
import NotifierEngine

/// What `[sync]` keeps: this store's random id (what its claims and acknowledgements say they
/// are from), where reading the topic resumes, the claims seen in the topic's order, and the
/// acknowledgements seen (each applied once; one for an episode not yet here waits for it).
extension Store {
    package static let syncMigration = StoreMigration("sync: claims, acknowledgements and the cursor") { db in
        try db.create(table: "sync_state") { t in
            t.primaryKey("key", .text)
            t.column("value", .text).notNull()
        }
        // Rows in the order they were read, which is the topic's: the first claim of an
        // episode is its lowest row id.
        try db.create(table: "sync_seen") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("message_id", .text).notNull().unique()
            t.column("kind", .text).notNull()
            t.column("episode", .text).notNull()
            t.column("sender", .text)
            t.column("by", .text).notNull()
            t.column("seen_at", .datetime).notNull()
        }
    }

    /// This store's id on the sync topic, made once.
    package func syncInstance() throws(StoreError) -> String {
        var instance = ""
        try write("making this machine's sync id") { db in
            if let known = try String.fetchOne(db, sql: "SELECT value FROM sync_state WHERE key = 'instance'") {
                instance = known
                return
            }
            instance = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            try db.execute(sql: "INSERT INTO sync_state (key, value) VALUES ('instance', ?)", arguments: [instance])
        }
        return instance
    }

    /// The id of the last message read from the topic; `nil` before the first look.
    package func syncCursor() throws(StoreError) -> String? {
        try read("reading the sync cursor") { db in try String.fetchOne(db, sql: "SELECT value FROM sync_state WHERE key = 'cursor'") }
    }

    package func saveSyncCursor(_ id: String) throws(StoreError) {
        try write("keeping the sync cursor") { db in
            try db.execute(sql: "INSERT OR REPLACE INTO sync_state (key, value) VALUES ('cursor', ?)", arguments: [id])
        }
    }

    /// Keeps a message read from the topic; `false` when it was already kept (read twice: by
    /// the stream and by a claim's look, or again after a reconnection).
    @discardableResult
    package func keepSyncMessage(_ messageID: String, _ message: SyncMessage, now: Date) throws(StoreError) -> Bool {
        var kept = false
        try write("keeping a sync message") { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO sync_seen (message_id, kind, episode, sender, by, seen_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [messageID, message.kind.rawValue, message.id, message.from, message.by, now])
            kept = db.changesCount > 0
        }
        return kept
    }

    /// The claims seen, in the topic's order, for episodes of the rule and subject `id` names.
    package func syncClaims(near id: String) throws(StoreError) -> [SyncClaim] {
        let base = SyncID(id).base
        return try read("reading the sync claims") { db in
            try Row.fetchAll(
                db, sql: "SELECT episode, sender, by FROM sync_seen WHERE kind = 'claim' AND sender IS NOT NULL AND episode LIKE ? ESCAPE '\\' ORDER BY id",
                arguments: [Self.likePrefix(base)]
            ).map { SyncClaim(id: $0["episode"], from: $0["sender"], by: $0["by"]) }
        }
    }

    /// The acknowledgements seen from elsewhere (not `instance`), for episodes of the rule and
    /// subject `id` names.
    package func syncAcknowledgements(near id: String, notFrom instance: String) throws(StoreError) -> [SyncMessage] {
        let base = SyncID(id).base
        return try read("reading the sync acknowledgements") { db in
            try Row.fetchAll(
                db, sql: "SELECT episode, sender, by FROM sync_seen WHERE kind = 'ack' AND episode LIKE ? ESCAPE '\\' ORDER BY id",
                arguments: [Self.likePrefix(base)]
            ).compactMap { row in
                let sender: String? = row["sender"]
                guard sender != instance else { return nil }
                return SyncMessage(kind: .ack, id: row["episode"], by: row["by"], from: sender)
            }
        }
    }

    /// Forgets what was seen before `before`: episodes that old are long decided.
    package func pruneSyncSeen(before: Date) throws(StoreError) {
        try write("pruning the sync messages") { db in
            try db.execute(sql: "DELETE FROM sync_seen WHERE seen_at < ?", arguments: [before])
        }
    }

    private static func likePrefix(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
    }
}
