import Foundation
import GRDB
import NotifierCore
import NotifierEngine

extension Store {
    /// Takes alerts out of the outbox and into the ledger in one transaction, before they are
    /// shown: a crash mid-delivery can lose a bubble but never shows one twice.
    /// `records` and `forgetting`: rule states decided earlier whose own commit failed; they go
    /// in with the deliveries they decided, so a shown alert is never one the store does not know of.
    package func markDelivered(
        _ deliveries: [Delivery], outbox: Outbox, records: [SubjectKey: SubjectRecord] = [:],
        forgetting forgotten: [SubjectKey] = [], notes: [DecisionNote] = [], keepDays: Int = 30,
        opening: [AcknowledgementItem] = [], now: Date
    ) throws(StoreError) {
        try write("recording deliveries") { db in
            var rows: [String: Int64] = [:]
            for delivery in deliveries {
                try Self.insert(delivery, db)
                if delivery.groupID == nil || rows[delivery.rule + "\u{1F}" + delivery.key] == nil {
                    rows[delivery.rule + "\u{1F}" + delivery.key] = db.lastInsertedRowID
                }
            }
            // An item takes the id of its first delivery's history row, so that the id `history`
            // shows is the one `notifier ack` takes.
            try Self.open(opening, historyRows: rows, now: now, db)
            try Self.forget(forgotten, db)
            try Self.upsert(records, now: now, db)
            try Self.saveOutbox(outbox, db)
            try Self.insert(notes, keepDays: keepDays, now: now, db)
        }
    }
}
