import Foundation
import GRDB
import NotifierEngine

/// One rule state as a row of `subject_state`, its machine's state in columns (`state`,
/// `since`, `notified`, `until`) as a person reading the store with sqlite3 sees it. A row that
/// does not decode throws, so that it is kept aside, never read as "armed".
package struct SubjectStateRecord: FetchableRecord, PersistableRecord, Equatable {
    package static let databaseTableName = "subject_state"

    package var key: SubjectKey
    package var record: SubjectRecord
    package var updatedAt: Date

    package init(key: SubjectKey, record: SubjectRecord, updatedAt: Date) {
        self.key = key
        self.record = record
        self.updatedAt = updatedAt
    }

    package init(row: Row) throws {
        key = SubjectKey(rule: try row.decode(forColumn: "rule"), subject: try row.decode(forColumn: "subject"))
        let state: AlertStateMachine.State
        switch try row.decode(String.self, forColumn: "state") {
        case "armed": state = .armed
        case "pending": state = .pending(since: try row.decode(forColumn: "since"))
        case "firing": state = .firing(since: try row.decode(forColumn: "since"), lastNotified: try row.decode(forColumn: "notified"))
        case "cooling_down": state = .coolingDown(until: try row.decode(forColumn: "until"))
        case let other: throw StoreRecordError.unknown("state", other)
        }
        record = SubjectRecord(
            machine: AlertStateMachine(state: state), lastValue: try row.decode(forColumn: "last_value"),
            lastEvaluated: try row.decode(forColumn: "last_evaluated"),
            lastNotified: try row.decode(forColumn: "last_notified"), anchor: try row.decode(forColumn: "anchor"))
        if let signal: String = try row.decode(forColumn: "last_signal") {
            guard let known = Threshold.Signal(rawValue: signal) else { throw StoreRecordError.unknown("last_signal", signal) }
            record.lastSignal = known
        }
        record.quietNote = try row.decode(forColumn: "quiet_note")
        if let flap: String = try row.decode(forColumn: "flap") {
            record.flap = try JSONDecoder().decode(FlapDetector.self, from: Data(flap.utf8))
        }
        record.shownMeasure = try row.decode(forColumn: "shown_measure")
        record.shownAt = try row.decode(forColumn: "shown_at")
        updatedAt = try row.decode(forColumn: "updated_at")
    }

    package func encode(to container: inout PersistenceContainer) {
        for (column, value) in zip(Self.columns, values) { container[column] = value }
    }

    /// The columns, in the order of `values`: the store's own upsert statement binds them by place.
    package static let columns = [
        "rule", "subject", "state", "since", "notified", "until", "last_value", "last_evaluated", "last_notified",
        "anchor", "last_signal", "quiet_note", "flap", "shown_measure", "shown_at", "updated_at",
    ]

    /// The row's values, one for each of `columns`.
    package var values: [(any DatabaseValueConvertible)?] {
        var since: Date?
        var notified: Date?
        var until: Date?
        let state: String
        switch record.machine.state {
        case .armed: state = "armed"
        case .pending(let start): (state, since) = ("pending", start)
        case .firing(let start, let last): (state, since, notified) = ("firing", start, last)
        case .coolingDown(let end): (state, until) = ("cooling_down", end)
        }
        // The recent fires of a rule watching for flapping, as JSON: a list, not a state.
        let flap = record.flap.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        return [
            key.rule, key.subject, state, since, notified, until, record.lastValue, record.lastEvaluated,
            record.lastNotified, record.anchor, record.lastSignal?.rawValue, record.quietNote, flap,
            record.shownMeasure, record.shownAt, updatedAt,
        ]
    }

    /// Inserts a row or updates the one of its subject, in one prepared statement (building
    /// GRDB's upsert per row was most of a pass's time with thousands of calendar reminders).
    /// A row whose values are the same but for `updated_at` is left as it is: nothing written.
    package static let upsertSQL: String = {
        let changing = columns.dropFirst(2)
        let set = changing.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        let differs = changing.filter { $0 != "updated_at" }.map { "\($0) IS NOT excluded.\($0)" }.joined(separator: " OR ")
        return """
            INSERT INTO \(databaseTableName) (\(columns.joined(separator: ", "))) \
            VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", "))) \
            ON CONFLICT(rule, subject) DO UPDATE SET \(set) WHERE \(differs)
            """
    }()

    package static func createTable(_ db: Database) throws {
        try db.create(table: databaseTableName) { t in
            t.column("rule", .text).notNull()
            t.column("subject", .text).notNull()
            t.column("state", .text).notNull() // armed, pending, firing, cooling_down
            t.column("since", .datetime) // pending and firing: since when
            t.column("notified", .datetime) // firing: when the user last heard of it
            t.column("until", .datetime) // cooling_down: until when
            t.column("last_value", .text)
            t.column("last_evaluated", .datetime)
            t.column("last_notified", .datetime)
            t.column("anchor", .double)
            t.column("last_signal", .text) // beyondFire, between, rearmed
            t.column("quiet_note", .text) // the suppression last noted (`notifier why`)
            t.column("flap", .text) // FlapDetector as JSON, where the rule watches for flapping
            t.column("updated_at", .datetime).notNull()
            t.primaryKey(["rule", "subject"])
        }
        try addShownColumns(db)
    }

    /// What a deeper move is measured from: added by its own migration, and by the records'
    /// migration where that one runs later (a store an older version created the table in).
    package static func addShownColumns(_ db: Database) throws {
        let columns = Set(try db.columns(in: databaseTableName).map(\.name))
        guard !columns.isSuperset(of: ["shown_measure", "shown_at"]) else { return }
        try db.alter(table: databaseTableName) { t in
            if !columns.contains("shown_measure") { t.add(column: "shown_measure", .double) } // the value last shown while firing
            if !columns.contains("shown_at") { t.add(column: "shown_at", .datetime) }
        }
    }
}

/// A stored value this version does not know.
package enum StoreRecordError: Error, CustomStringConvertible {
    case unknown(String, String)

    package var description: String {
        switch self {
        case .unknown(let column, let value): return "unknown \(column) \(value.debugDescription)"
        }
    }
}
