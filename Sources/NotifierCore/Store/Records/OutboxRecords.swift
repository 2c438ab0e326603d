import Foundation
import GRDB
import NotifierEngine

/// One notification waiting in the outbox, as a row of `outbox_entry`, in submission order
/// (`id`). The alert itself, with its group members, is JSON; what the outbox decides by
/// (rule, key, subject, when submitted, why held) are columns.
package struct OutboxEntryRecord: FetchableRecord, MutablePersistableRecord {
    package static let databaseTableName = "outbox_entry"

    package var id: Int64?
    package var entry: Outbox.Entry

    package init(entry: Outbox.Entry) {
        self.entry = entry
    }

    package init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        var heldFor: Outbox.HoldReason?
        if let reason: String = try row.decode(forColumn: "held_for") {
            guard let known = Outbox.HoldReason(rawValue: reason) else { throw StoreRecordError.unknown("held_for", reason) }
            heldFor = known
        }
        let alert = try JSONDecoder().decode(Alert.self, from: Data(try row.decode(String.self, forColumn: "alert").utf8))
        entry = Outbox.Entry(alert: alert, submitted: try row.decode(forColumn: "submitted_at"), heldFor: heldFor)
    }

    package func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["rule"] = entry.alert.rule
        container["key"] = entry.alert.key
        container["subject"] = entry.alert.subject
        container["submitted_at"] = entry.submitted
        container["held_for"] = entry.heldFor?.rawValue
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        container["alert"] = String(decoding: try encoder.encode(entry.alert), as: UTF8.self)
    }

    package mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    package static func createTables(_ db: Database) throws {
        try db.create(table: databaseTableName) { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("rule", .text).notNull()
            t.column("key", .text).notNull()
            t.column("subject", .text)
            t.column("submitted_at", .datetime).notNull()
            t.column("held_for", .text) // quietHours, rateLimit, or NULL
            t.column("alert", .text).notNull() // Alert as JSON
        }
        // When recent notifications went out, for the rate limit's sliding window.
        try db.create(table: "outbox_delivery") { t in
            t.column("at", .datetime).notNull()
        }
    }
}
