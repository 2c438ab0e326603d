import Foundation
import GRDB
import NotifierCore
import NotifierEngine

/// An alert episode that waits for an acknowledgement: open from its first delivery until it
/// is acknowledged (by whom, when) or its subject resolves; its escalation steps told so far.
package struct AcknowledgementItem: Sendable, Equatable {
    package enum State: String, Sendable {
        case open, acknowledged, resolved
    }

    package var id: Int64 = 0
    package var rule: String
    /// The alert's identity (`Alert.identity`): what its bubble and channel messages are kept by.
    package var subject: String
    package var episode: Date
    /// The reminder's, watch's or rule's name: what `notifier ack NAME` finds it by.
    package var name: String
    package var title: String
    /// The alert as first delivered, shown again by the ladder's steps.
    package var alert: Alert
    package var firstDelivered: Date
    package var stepsDone = 0
    /// When the next step falls due; `nil`: none left.
    package var nextStep: Date?
    package var state = State.open
    package var closedAt: Date?
    /// "this desktop", "notifier ack"; later other machines and the phone.
    package var closedBy: String?

    package var key: SubjectKey { SubjectKey(rule: rule, subject: subject) }
}

extension Store {
    package static func createAcknowledgementTable(_ db: Database) throws {
        try db.create(table: "attention") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("rule", .text).notNull()
            t.column("subject", .text).notNull()
            t.column("episode", .datetime).notNull()
            t.column("name", .text).notNull()
            t.column("title", .text).notNull()
            t.column("alert", .text).notNull() // the alert as JSON: its text, never a secret
            t.column("first_delivered", .datetime).notNull()
            t.column("steps_done", .integer).notNull().defaults(to: 0)
            t.column("next_step", .datetime)
            t.column("state", .text).notNull()
            t.column("closed_at", .datetime)
            t.column("closed_by", .text)
            t.uniqueKey(["rule", "subject", "episode"])
        }
        try db.create(index: "attention_open", on: "attention", columns: ["state", "next_step"])
    }

    /// Opens an item for each episode delivered for the first time; an older open episode of
    /// the same subject is over (the subject began anew): it is closed as resolved.
    /// `historyRows`: the history row of each delivery just recorded, by rule and key; an item
    /// takes its row's id where no other item has it.
    package static func open(_ items: [AcknowledgementItem], historyRows: [String: Int64] = [:], now: Date, _ db: Database) throws {
        for item in items {
            let known =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM attention WHERE rule = ? AND subject = ? AND episode = ?",
                    arguments: [item.rule, item.subject, item.episode]) ?? 0
            guard known == 0 else { continue }
            try db.execute(
                sql: """
                    UPDATE attention SET state = 'resolved', closed_at = ?, closed_by = 'a new episode', next_step = NULL
                    WHERE rule = ? AND subject = ? AND state = 'open'
                    """, arguments: [now, item.rule, item.subject])
            let json = String(decoding: try JSONEncoder().encode(item.alert), as: UTF8.self)
            var id = historyRows[item.rule + "\u{1F}" + item.alert.key]
            if let wanted = id, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM attention WHERE id = ?", arguments: [wanted]) != 0 { id = nil }
            try db.execute(
                sql: """
                    INSERT INTO attention (id, rule, subject, episode, name, title, alert, first_delivered, steps_done, next_step, state)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 'open')
                    """,
                arguments: [id, item.rule, item.subject, item.episode, item.name, item.title, json, item.firstDelivered, item.nextStep])
        }
    }

    /// Records steps told, in the write that precedes their sending: a crash loses a step
    /// rather than telling it twice.
    package static func recordSteps(_ items: [AcknowledgementItem], _ db: Database) throws {
        for item in items {
            try db.execute(
                sql: "UPDATE attention SET steps_done = ?, next_step = ? WHERE id = ? AND state = 'open'",
                arguments: [item.stepsDone, item.nextStep, item.id])
        }
    }

    package func openAcknowledgements() throws(StoreError) -> [AcknowledgementItem] {
        try read("reading what waits for an acknowledgement") { db in
            try Self.acknowledgement(db, where: "state = 'open' ORDER BY first_delivered, id")
        }
    }

    /// The open items `id` names: the item of that id, or those of the subject whose history row
    /// has it (any of its deliveries: the first, a repeat, a step).
    package func openAcknowledgements(named id: Int64) throws(StoreError) -> [AcknowledgementItem] {
        try read("reading what waits for an acknowledgement") { db in
            let open = try Self.acknowledgement(db, where: "state = 'open' ORDER BY first_delivered, id")
            guard let row = try Row.fetchOne(db, sql: "SELECT rule, key, subject FROM delivery WHERE id = ?", arguments: [id]) else {
                return open.filter { $0.id == id }
            }
            let rule: String = row["rule"]
            let key: String = row["key"]
            let subject: String? = row["subject"]
            return open.filter { $0.id == id || ($0.rule == rule && ($0.alert.key == key || $0.subject == subject)) }
        }
    }

    /// The newest closed items first, for `history` and `why`.
    package func closedAcknowledgements(limit: Int = 200) throws(StoreError) -> [AcknowledgementItem] {
        try read("reading the acknowledgements") { db in
            try Self.acknowledgement(db, where: "state != 'open' ORDER BY closed_at DESC LIMIT \(max(1, limit))")
        }
    }

    /// When the first open item's next step falls due.
    package func nextEscalationStep() throws(StoreError) -> Date? {
        try read("reading the escalations") { db in
            try Date.fetchOne(db, sql: "SELECT MIN(next_step) FROM attention WHERE state = 'open' AND next_step IS NOT NULL")
        }
    }

    /// Closes open items, each once: those already closed (by another process) are left, and
    /// only those this call closed are returned, with a decision note each for `why`.
    package func closeAcknowledgements(ids: [Int64], as state: AcknowledgementItem.State, by whom: String, now: Date) throws(StoreError)
        -> [AcknowledgementItem]
    {
        var closed: [AcknowledgementItem] = []
        try write("recording an acknowledgement") { db in
            for id in ids {
                guard let item = try Self.acknowledgement(db, where: "id = \(id) AND state = 'open'").first else { continue }
                try db.execute(
                    sql: "UPDATE attention SET state = ?, closed_at = ?, closed_by = ?, next_step = NULL WHERE id = ?",
                    arguments: [state.rawValue, now, whom, id])
                var done = item
                done.state = state
                done.closedAt = now
                done.closedBy = whom
                closed.append(done)
                let note = DecisionNote(
                    key: SubjectKey(rule: item.rule, subject: item.alert.subject ?? item.subject), at: now,
                    outcome: state == .acknowledged ? .acknowledged : .resolved,
                    detail: state == .acknowledged ? "acknowledged by \(whom)" : "no longer waits for an acknowledgement: \(whom)")
                try Self.insert([note], keepDays: 36500, now: now, db)
                // The history says who acknowledged, and when, beside what was delivered.
                if state == .acknowledged {
                    try Self.insert(
                        Delivery(
                            deliveredAt: now, rule: item.rule, key: item.alert.key, title: "Acknowledged: \(item.title)", body: "by \(whom)",
                            urgency: Urgency.low.rawValue, deepLink: item.alert.deepLink.command, sink: "acknowledgement",
                            reason: "acknowledged by \(whom)", subject: item.alert.subject), db)
                }
            }
        }
        return closed
    }

    private static func acknowledgement(_ db: Database, where clause: String) throws -> [AcknowledgementItem] {
        try Row.fetchAll(db, sql: "SELECT * FROM attention WHERE \(clause)").compactMap { row in
            let json: String = row["alert"]
            guard let alert = try? JSONDecoder().decode(Alert.self, from: Data(json.utf8)) else { return nil }
            var item = AcknowledgementItem(
                rule: row["rule"], subject: row["subject"], episode: row["episode"], name: row["name"], title: row["title"], alert: alert,
                firstDelivered: row["first_delivered"])
            item.id = row["id"]
            item.stepsDone = row["steps_done"]
            item.nextStep = row["next_step"]
            item.state = AcknowledgementItem.State(rawValue: row["state"]) ?? .open
            item.closedAt = row["closed_at"]
            item.closedBy = row["closed_by"]
            return item
        }
    }
}

extension Store {
    /// The steps about to be told, and the outbox that holds their bubbles, in one write.
    package func recordSteps(_ items: [AcknowledgementItem], outbox: Outbox, notes: [DecisionNote], now: Date) throws(StoreError) {
        try write("recording escalation steps") { db in
            try Self.recordSteps(items, db)
            try Self.saveOutbox(outbox, db)
            try Self.insert(notes, keepDays: 36500, now: now, db)
        }
    }
}
