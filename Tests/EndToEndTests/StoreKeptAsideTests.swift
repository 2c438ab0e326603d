import EndToEndSupport
import Foundation
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

/// Rows this version cannot read are kept aside and reported once, never reset; views open
/// the store read-only and never migrate it.
@Suite(.sharingTheMachine) struct StoreKeptAsideTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)

    @Test func anUnreadableRuleStateIsKeptAsideOnceAndNotReset() throws {
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path)
        let good = SubjectKey(rule: CryptoChangeRule.id, subject: "ETH:up")
        try store.commit(records: [good: SubjectRecord(lastValue: "+1 %")], outbox: Outbox(), now: Self.now)
        try store.write("planting a record of another version") { db in
            try db.execute(
                sql: "INSERT INTO rule_state (rule, subject, record, updated_at) VALUES (?, ?, ?, ?)",
                arguments: ["crypto_change", "BTC:up", #"{"machine":{"state":{"someday":{}}}}"#, Self.now])
            try db.execute(
                sql: "INSERT INTO outbox (id, payload) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET payload = excluded.payload",
                arguments: [#"{"entries":"a newer shape"}"#])
        }
        // Read before anything is kept aside: the unreadable row is left out, not "armed".
        #expect(try store.loadEngine().records.keys.sorted() == [good])

        #expect(try store.keepAsideUnreadable(now: Self.now) == ["rule_state crypto_change/BTC:up", "outbox 1"])
        #expect(try store.keepAsideUnreadable(now: Self.now).isEmpty, "reported once")
        let kept = try store.read("reading what was kept") { db in
            try String.fetchAll(db, sql: "SELECT source || ' ' || key || ' ' || payload FROM kept_aside ORDER BY id")
        }
        #expect(
            kept == [
                #"rule_state crypto_change/BTC:up {"machine":{"state":{"someday":{}}}}"#,
                #"outbox 1 {"entries":"a newer shape"}"#,
            ])
        #expect(try store.loadEngine().records[good]?.lastValue == "+1 %")
    }

    @Test func aWriterOpeningTheStoreLogsWhatItKeptAside() async throws {
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path)
        try store.write("planting") { db in
            try db.execute(
                sql: "INSERT INTO rule_state (rule, subject, record, updated_at) VALUES ('crypto_cross', 'X', 'not json', ?)",
                arguments: [Self.now])
        }
        let once = try await ProcessRunner.notifier(["unmute", "crypto_cross"], environment: sandbox.environment())
        #expect(
            once.stderr.contains("rule_state crypto_cross/X in \(sandbox.storeFile.path) cannot be read by this version; kept aside"),
            "\(once.stderr)")
        let again = try await ProcessRunner.notifier(["unmute", "crypto_cross"], environment: sandbox.environment())
        #expect(!again.stderr.contains("kept aside"), "\(again.stderr)")
    }

    @Test func aViewNeverMigratesNorWrites() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.storeFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A store of another version: some table, no migrations this one knows.
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", "import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute('CREATE TABLE other (a)')", sandbox.storeFile.path]
        try python.run()
        #expect(KilledProcess.exitStatus(python) == 0)
        let before = try Data(contentsOf: sandbox.storeFile)
        #expect(Store.openForReading(path: sandbox.storeFile.path) == nil)
        #expect(try Data(contentsOf: sandbox.storeFile) == before)

        let fresh = try Sandbox()
        _ = try Store(path: fresh.storeFile.path)
        let view = try #require(Store.openForReading(path: fresh.storeFile.path))
        #expect(throws: StoreError.self) { try view.setMute(rule: "crypto_cross", until: nil) }
    }
}
