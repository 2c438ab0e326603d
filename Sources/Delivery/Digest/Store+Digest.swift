import Foundation
import GRDB
import NotifierCore
import NotifierEngine

/// The digest's one row: when the last one was sent, so that a restart neither repeats nor
/// skips one.
extension Store {
    package static let digestMigration = StoreMigration("digest: the last one sent") { db in
        try db.create(table: "digest_state") { t in
            t.primaryKey("id", .integer).check { $0 == 1 }
            t.column("sent_at", .datetime).notNull()
        }
    }

    package func lastDigest() throws(StoreError) -> Date? {
        try read("reading the last digest") { db in try Date.fetchOne(db, sql: "SELECT sent_at FROM digest_state WHERE id = 1") }
    }

    package func saveDigest(at date: Date) throws(StoreError) {
        try write("recording the digest") { db in
            try db.execute(
                sql: "INSERT INTO digest_state (id, sent_at) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET sent_at = excluded.sent_at", arguments: [date])
        }
    }

    /// What went to a channel instead of this desktop after `since`, up to `until`, newest first.
    package func sentAway(after since: Date, until: Date, limit: Int = 100) throws(StoreError) -> [Delivery] {
        try history(
            where: ["group_id IS NULL", "sink LIKE 'channel %'", "delivered_at > ?", "delivered_at <= ?"], arguments: [since, until], limit: limit)
    }
}
