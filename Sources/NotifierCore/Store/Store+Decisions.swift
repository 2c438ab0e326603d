import Foundation
import GRDB
import NotifierEngine

/// The decisions `notifier why` reads: written with the poll (or delivery) that made them, in its
/// transaction, and pruned there after `[history] days`.
extension Store {
    package static func insert(_ notes: [DecisionNote], keepDays: Int, now: Date, _ db: Database) throws {
        for note in notes {
            try db.execute(
                sql: "INSERT INTO decision (at, rule, subject, outcome, value, detail) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [note.at, note.key.rule, note.key.subject, note.outcome.rawValue, note.value, note.detail])
        }
        guard !notes.isEmpty else { return }
        try db.execute(sql: "DELETE FROM decision WHERE at < ?", arguments: [now.addingTimeInterval(-Double(max(1, keepDays)) * 86400)])
    }

    /// One rule's decisions (or every rule's, `rule == nil`) about subjects matching `subject`
    /// as people type it ("btc" finds `BTC:up` and `BTC:down`), with those about every subject
    /// of the rule (the feed gone unknown), newest last.
    package func decisions(rule: String?, subject: String?, suppressionsOnly: Bool = false, limit: Int) throws(StoreError) -> [DecisionNote] {
        try read("reading the decisions") { db in
            var conditions: [String] = []
            var arguments: [any DatabaseValueConvertible] = []
            if let rule {
                conditions.append("rule = ?")
                arguments.append(rule)
            }
            if let subject {
                // Exact, or the subject's part before `:` (BTC of BTC:up), case-insensitively.
                conditions.append("(subject = ? COLLATE NOCASE OR subject LIKE ? ESCAPE '\\' OR subject = ?)")
                arguments.append(subject)
                arguments.append(Self.likeEscaped(subject) + ":%")
                arguments.append(DecisionNote.everySubject)
            }
            if suppressionsOnly {
                let quiet = DecisionNote.Outcome.allCases.filter(\.isSuppression).map { "'\($0.rawValue)'" }.joined(separator: ", ")
                conditions.append("outcome IN (\(quiet))")
            }
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            arguments.append(limit)
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM decision \(filter) ORDER BY at DESC, id DESC LIMIT ?",
                arguments: StatementArguments(arguments))
            return rows.reversed().compactMap { row in
                guard let outcome = DecisionNote.Outcome(rawValue: row["outcome"]) else { return nil }
                return DecisionNote(
                    key: SubjectKey(rule: row["rule"], subject: row["subject"]), at: row["at"], outcome: outcome,
                    value: row["value"], detail: row["detail"])
            }
        }
    }

    /// The newest decision about each subject, for `notifier rules`.
    package func latestDecisions() throws(StoreError) -> [SubjectKey: DecisionNote] {
        try read("reading the decisions") { db in
            var latest: [SubjectKey: DecisionNote] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT * FROM decision WHERE id IN (SELECT MAX(id) FROM decision GROUP BY rule, subject)") {
                guard let outcome = DecisionNote.Outcome(rawValue: row["outcome"]) else { continue }
                let key = SubjectKey(rule: row["rule"], subject: row["subject"])
                latest[key] = DecisionNote(key: key, at: row["at"], outcome: outcome, value: row["value"], detail: row["detail"])
            }
            return latest
        }
    }

    private static func likeEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
    }
}

extension Store {
    /// The decisions recorded after row `id`, oldest first, with the newest row's id: what one
    /// replayed step decided, in the order it was recorded.
    package func decisions(after id: Int64) throws(StoreError) -> (notes: [DecisionNote], last: Int64) {
        try read("reading the decisions") { db in
            var last = id
            var notes: [DecisionNote] = []
            for row in try Row.fetchAll(db, sql: "SELECT * FROM decision WHERE id > ? ORDER BY id", arguments: [id]) {
                last = max(last, row["id"])
                guard let outcome = DecisionNote.Outcome(rawValue: row["outcome"]) else { continue }
                notes.append(
                    DecisionNote(
                        key: SubjectKey(rule: row["rule"], subject: row["subject"]), at: row["at"], outcome: outcome,
                        value: row["value"], detail: row["detail"]))
            }
            return (notes, last)
        }
    }

    /// The newest decision row's id; 0 when there is none.
    package func lastDecisionID() throws(StoreError) -> Int64 {
        try read("reading the decisions") { db in try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM decision") ?? 0 }
    }
}
