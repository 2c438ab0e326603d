import Foundation
import GRDB
import NotifierEngine

/// Rows this version cannot read are moved into `kept_aside`, each once, and reported, never
/// silently reset. Before v10 the rule states and the outbox were JSON blobs (`rule_state`,
/// `outbox`); those tables stay, empty, and whatever an older version writes there later is
/// adopted into the records on the next open, or kept aside if it does not decode.
extension Store {
    /// Adopts blob rows and keeps aside what does not decode, in one transaction; returns what
    /// it kept aside, for the log. Reads first: a store with nothing to do (the usual case)
    /// costs no write.
    package func keepAsideUnreadable(now: Date) throws(StoreError) -> [String] {
        let pending = try read("checking the rule states") { db in
            try Self.hasBlobRows(db) || !Self.unreadableRecords(db).isEmpty
        }
        guard pending else { return [] }
        var kept: [String] = []
        try write("keeping unreadable rows aside") { db in
            kept = try Self.adoptBlobRows(db, now: now, keepingAsideUnreadable: true)
            for row in try Self.unreadableRecords(db) {
                try Self.keepAside(row, now: now, db)
                try db.execute(sql: "DELETE FROM \(row.table) WHERE rowid = ?", arguments: [row.rowID])
                kept.append("\(row.table) \(row.key)")
            }
        }
        return kept
    }

    package struct UnreadableRow {
        package var table, key, payload, reason: String
        package var rowID: Int64 = 0
    }

    package static func hasBlobRows(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM rule_state) OR EXISTS (SELECT 1 FROM outbox)") ?? false
    }

    /// Record rows that do not decode (a state or hold reason of another version).
    package static func unreadableRecords(_ db: Database) throws -> [UnreadableRow] {
        var found: [UnreadableRow] = []
        for row in try Row.fetchAll(db, sql: "SELECT rowid AS row_id, * FROM subject_state") {
            do { _ = try SubjectStateRecord(row: row) } catch {
                let key = "\((try? row.decode(String.self, forColumn: "rule")) ?? "?")/\((try? row.decode(String.self, forColumn: "subject")) ?? "?")"
                found.append(UnreadableRow(table: "subject_state", key: key, payload: row.description, reason: "\(error)", rowID: row["row_id"]))
            }
        }
        for row in try Row.fetchAll(db, sql: "SELECT rowid AS row_id, * FROM outbox_entry") {
            do { _ = try OutboxEntryRecord(row: row) } catch {
                let rowID: Int64 = row["row_id"]
                found.append(UnreadableRow(table: "outbox_entry", key: "\(rowID)", payload: row.description, reason: "\(error)", rowID: rowID))
            }
        }
        return found
    }

    /// Moves the blob rows into the records: each that decodes is adopted (an older version's
    /// write wins over ours when newer); one that does not is kept aside when asked, else left
    /// for the next writer to keep aside and report. Returns what it kept aside.
    package static func adoptBlobRows(_ db: Database, now: Date, keepingAsideUnreadable: Bool) throws -> [String] {
        var kept: [String] = []
        for row in try Row.fetchAll(db, sql: "SELECT rule, subject, record, updated_at FROM rule_state") {
            let (rule, subject, payload): (String, String, String) = (row["rule"], row["subject"], row["record"])
            let key = SubjectKey(rule: rule, subject: subject)
            do {
                let record = try decoder.decode(SubjectRecord.self, from: Data(payload.utf8))
                let updatedAt = (try? row.decode(Date.self, forColumn: "updated_at")) ?? now
                let ours = try Row.fetchOne(db, sql: "SELECT * FROM subject_state WHERE rule = ? AND subject = ?", arguments: [rule, subject])
                    .flatMap { try? SubjectStateRecord(row: $0) }
                if ours.map({ $0.updatedAt <= updatedAt }) ?? true {
                    try SubjectStateRecord(key: key, record: record, updatedAt: updatedAt).upsert(db)
                }
            } catch {
                guard keepingAsideUnreadable else { continue }
                try keepAside(UnreadableRow(table: "rule_state", key: "\(rule)/\(subject)", payload: payload, reason: "\(error)"), now: now, db)
                kept.append("rule_state \(rule)/\(subject)")
            }
            try db.execute(sql: "DELETE FROM rule_state WHERE rule = ? AND subject = ? AND record = ?", arguments: [rule, subject, payload])
        }
        if let payload = try String.fetchOne(db, sql: "SELECT payload FROM outbox WHERE id = 1") {
            do {
                let blob = try decoder.decode(Outbox.self, from: Data(payload.utf8))
                let current = try Row.fetchAll(db, sql: "SELECT * FROM outbox_entry ORDER BY id").compactMap { try? OutboxEntryRecord(row: $0).entry }
                let deliveries = try Row.fetchAll(db, sql: "SELECT at FROM outbox_delivery").compactMap { try? $0.decode(Date.self, forColumn: "at") }
                try saveOutbox(Outbox(entries: current + blob.entries, recentDeliveries: (deliveries + blob.recentDeliveries).sorted()), db)
            } catch {
                guard keepingAsideUnreadable else { return kept }
                try keepAside(UnreadableRow(table: "outbox", key: "1", payload: payload, reason: "\(error)"), now: now, db)
                kept.append("outbox 1")
            }
            try db.execute(sql: "DELETE FROM outbox WHERE id = 1 AND payload = ?", arguments: [payload])
        }
        return kept
    }

    private static func keepAside(_ row: UnreadableRow, now: Date, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO kept_aside (kept_at, source, key, payload, reason) VALUES (?, ?, ?, ?, ?)",
            arguments: [now, row.table, row.key, row.payload, row.reason])
    }
}
