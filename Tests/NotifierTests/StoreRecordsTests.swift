import Foundation
import GRDB
import ProgramTestSupport
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// Rule states and outbox entries are rows with columns (v10); the blob rows of a store from
/// before are moved into them, and one that does not decode is kept aside and reported once.
@Suite struct StoreRecordsTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)

    static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    @Test func aStoreOfBlobsMovesIntoRecords() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.storeFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let firing = SubjectRecord(
            machine: AlertStateMachine(state: .firing(since: Self.now, lastNotified: Self.now)),
            lastValue: "+6 %", lastNotified: Self.now, anchor: 101.5)
        let alert = Alert(
            rule: CryptoChangeRule.id, key: "BTC", title: "BTC +6 %", body: "b", category: "x-notifier.crypto",
            deepLink: try #require(DeepLink.crypto("BTC")))
        let held = Outbox(entries: [Outbox.Entry(alert: alert, submitted: Self.now, heldFor: .quietHours)], recentDeliveries: [Self.now])
        do {
            // A store as the version before records left it: migrated to v7, blob rows.
            let queue = try DatabaseQueue(path: sandbox.storeFile.path)
            try Store.migrator.migrate(queue, upTo: "v7: delivery subject")
            try queue.write { db in
                try db.execute(
                    sql: "INSERT INTO rule_state (rule, subject, record, updated_at) VALUES (?, ?, ?, ?)",
                    arguments: [CryptoChangeRule.id, "BTC:up", try Self.json(firing), Self.now])
                try db.execute(
                    sql: "INSERT INTO rule_state (rule, subject, record, updated_at) VALUES (?, ?, ?, ?)",
                    arguments: [CryptoChangeRule.id, "ETH:up", #"{"machine":{"state":{"someday":{}}}}"#, Self.now])
                try db.execute(sql: "INSERT INTO outbox (id, payload) VALUES (1, ?)", arguments: [try Self.json(held)])
            }
        }
        let store = try Store(path: sandbox.storeFile.path)
        #expect(try store.loadEngine().records == [SubjectKey(rule: CryptoChangeRule.id, subject: "BTC:up"): firing])
        #expect(try store.loadOutbox() == held)
        let columns = try store.read("reading a row as sqlite3 shows it") { db in
            try Row.fetchOne(db, sql: "SELECT state, last_value, anchor FROM subject_state")
        }
        #expect(columns == ["state": "firing", "last_value": "+6 %", "anchor": 101.5])
        // The one that does not decode: kept aside and reported by the next writer, once.
        #expect(try store.keepAsideUnreadable(now: Self.now) == ["rule_state crypto_change/ETH:up"])
        #expect(try store.keepAsideUnreadable(now: Self.now).isEmpty)
    }

    @Test func aRecordOfAnotherVersionIsKeptAsideOnceNotReadAsArmed() throws {
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path)
        let good = SubjectKey(rule: CryptoMoveRule.id, subject: "BTC:rise")
        try store.commit(records: [good: SubjectRecord(lastValue: "2 %")], outbox: Outbox(), now: Self.now)
        try store.write("planting rows of a newer version") { db in
            try db.execute(
                sql: "INSERT INTO subject_state (rule, subject, state, updated_at) VALUES ('crypto_move', 'ETH:rise', 'flapping', ?)",
                arguments: [Self.now])
            try db.execute(
                sql: "INSERT INTO outbox_entry (rule, key, submitted_at, held_for, alert) VALUES ('r', 'k', ?, 'moonPhase', '{}')",
                arguments: [Self.now])
        }
        #expect(try store.loadEngine().records.keys.sorted() == [good])
        let kept = try store.keepAsideUnreadable(now: Self.now)
        #expect(kept.count == 2 && kept[0] == "subject_state crypto_move/ETH:rise" && kept[1].hasPrefix("outbox_entry "), "\(kept)")
        #expect(try store.keepAsideUnreadable(now: Self.now).isEmpty, "reported once")
        let reasons = try store.read("reading what was kept") { db in
            try String.fetchAll(db, sql: "SELECT source || ': ' || reason FROM kept_aside ORDER BY id")
        }
        #expect(reasons == [#"subject_state: unknown state "flapping""#, #"outbox_entry: unknown held_for "moonPhase""#], "\(reasons)")
        #expect(try store.loadEngine().records[good]?.lastValue == "2 %")
    }

    @Test func everyStateRoundTrips() throws {
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path)
        let states: [AlertStateMachine.State] = [
            .armed, .pending(since: Self.now), .firing(since: Self.now, lastNotified: Self.now.addingTimeInterval(60)),
            .coolingDown(until: Self.now.addingTimeInterval(3600)),
        ]
        var records: [SubjectKey: SubjectRecord] = [:]
        for (index, state) in states.enumerated() {
            var record = SubjectRecord(machine: AlertStateMachine(state: state), lastEvaluated: Self.now)
            record.lastSignal = Threshold.Signal.allCases[index % 3]
            record.quietNote = index == 3 ? "cooling_down until 15:02" : nil
            if index == 2 {
                record.shownMeasure = -8.1
                record.shownAt = Self.now
            }
            if index == 2 {
                var flap = FlapDetector()
                _ = flap.observe(.fired, now: Self.now, policy: FlapPolicy())
                record.flap = flap
            }
            records[SubjectKey(rule: "r", subject: "\(index)")] = record
        }
        try store.commit(records: records, outbox: Outbox(), now: Self.now)
        #expect(try store.loadEngine().records == records)
    }

    /// A rule state committed again unchanged is not written (its `updated_at` stays); one that
    /// changed is, whole.
    @Test func anUnchangedRuleStateIsNotWrittenAgain() throws {
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path)
        let key = SubjectKey(rule: ReminderRule.id, subject: "standup@look")
        var record = SubjectRecord(lastValue: "next 2026-11-30 09:45", lastEvaluated: Self.now)
        record.lastSignal = .between
        func updatedAt() throws -> Date? {
            try store.read("test") { db in
                try Date.fetchOne(db, sql: "SELECT updated_at FROM subject_state WHERE subject = ?", arguments: [key.subject])
            }
        }
        try store.commit(records: [key: record], outbox: Outbox(), now: Self.now)
        try store.commit(records: [key: record], outbox: Outbox(), now: Self.now.addingTimeInterval(60))
        #expect(try updatedAt() == Self.now)
        record.lastEvaluated = Self.now.addingTimeInterval(120)
        try store.commit(records: [key: record], outbox: Outbox(), now: Self.now.addingTimeInterval(120))
        #expect(try updatedAt() == Self.now.addingTimeInterval(120))
        #expect(try store.loadEngine().records == [key: record])
    }

    /// Every field of a rule state has its column: a field added to `SubjectRecord` must be
    /// added to `SubjectStateRecord` (and this count), or it would be lost at each write.
    @Test func everyFieldOfARuleStateHasAColumn() {
        #expect(
            Mirror(reflecting: SubjectRecord()).children.map(\.label) == [
                "machine", "lastValue", "lastEvaluated", "lastNotified", "anchor", "lastSignal", "quietNote", "flap",
                "shownMeasure", "shownAt",
            ])
    }
}
