import Foundation
import GRDB
import NotifierEngine

/// The engine's state and the outbox, as records (`SubjectStateRecord`, `OutboxEntryRecord`):
/// read whole, written by what changed, in the transaction of the poll that decided it.
extension Store {
    package func loadEngine() throws(StoreError) -> RuleEngine {
        try read("reading the rule states") { db in
            var records: [SubjectKey: SubjectRecord] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT * FROM subject_state") {
                // One that does not decode is left out, not reset: a writer keeps it aside
                // (`keepAsideUnreadable`) before the engine could overwrite it.
                guard let state = try? SubjectStateRecord(row: row) else { continue }
                records[state.key] = state.record
            }
            let silences = try Self.silences(db)
            return RuleEngine(records: records, mutes: silences.mutes, snoozes: silences.snoozes)
        }
    }

    package func loadOutbox() throws(StoreError) -> Outbox {
        try read("reading the outbox") { db in
            let entries = try Row.fetchAll(db, sql: "SELECT * FROM outbox_entry ORDER BY id").compactMap { try? OutboxEntryRecord(row: $0).entry }
            let deliveries = try Row.fetchAll(db, sql: "SELECT at FROM outbox_delivery ORDER BY at").compactMap { try? $0.decode(Date.self, forColumn: "at") }
            return Outbox(entries: entries, recentDeliveries: deliveries)
        }
    }

    /// What one poll decided, in one transaction: the changed rule states and the outbox holding
    /// their alerts. A crash before it leaves the previous state; after it, nothing is lost.
    /// `notes`: why, recorded with it (`notifier why`), those older than `keepDays` pruned.
    package func commit(
        records: [SubjectKey: SubjectRecord], forgetting forgotten: [SubjectKey] = [], outbox: Outbox,
        notes: [DecisionNote] = [], keepDays: Int = 30, now: Date
    ) throws(StoreError) {
        try write("saving the rule states") { db in
            try Self.forget(forgotten, db)
            try Self.upsert(records, now: now, db)
            try Self.saveOutbox(outbox, db)
            try Self.insert(notes, keepDays: keepDays, now: now, db)
        }
    }

    package static func upsert(_ records: [SubjectKey: SubjectRecord], now: Date, _ db: Database) throws {
        guard !records.isEmpty else { return }
        let statement = try db.cachedStatement(sql: SubjectStateRecord.upsertSQL)
        for (key, record) in records {
            try statement.execute(arguments: StatementArguments(SubjectStateRecord(key: key, record: record, updatedAt: now).values))
        }
    }

    package static func forget(_ keys: [SubjectKey], _ db: Database) throws {
        for key in keys {
            try db.execute(sql: "DELETE FROM subject_state WHERE rule = ? AND subject = ?", arguments: [key.rule, key.subject])
        }
    }

    /// The outbox is small (what waits, and the last minute's deliveries): rewritten whole.
    package static func saveOutbox(_ outbox: Outbox, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM outbox_entry")
        for entry in outbox.entries {
            var record = OutboxEntryRecord(entry: entry)
            try record.insert(db)
        }
        try db.execute(sql: "DELETE FROM outbox_delivery")
        for at in outbox.recentDeliveries {
            try db.execute(sql: "INSERT INTO outbox_delivery (at) VALUES (?)", arguments: [at])
        }
    }
}
