import Foundation
import GRDB
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierDelivery

/// The history's full-text search: a person's text is only ever words, whatever it holds.
@Suite struct HistorySearchTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func delivery(_ title: String, body: String = "", rule: String = "crypto_change", key: String = "BTC", hoursAgo: Double = 1) -> Delivery {
        Delivery(
            deliveredAt: now.addingTimeInterval(-hoursAgo * 3600), rule: rule, key: key, title: title, body: body, urgency: "normal",
            deepLink: "notifier open crypto \(key)", sink: "desktop", reason: "\(key) moved", subject: "\(key):up")
    }

    static let hostile = [
        "\"", "\"\"\"", "a\"b", "*", "bit*", "NEAR(a b)", "NEAR(", "a NEAR b", "-btc", "title:btc", "AND", "OR NOT", "(", ")", "^btc", "{title}: x",
        "\u{0}", "btc\u{0}eth", "\u{1b}[31m", "\t\n\r", "🙂", "' OR 1=1 --", "delivery_search", "+", "\\", "%", "_",
    ]

    @Test(arguments: hostile)
    func hostileTextIsQuotedWords(_ text: String) throws {
        guard let query = HistorySearch.query(text) else {
            #expect(HistorySearch.words(text).isEmpty)
            return
        }
        // Each word one FTS5 string with its quotes doubled, then the prefix mark: nothing else.
        let words = HistorySearch.words(text)
        #expect(query == words.map { "\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"*" }.joined(separator: " "))
        #expect(!query.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test func quotingKeepsTheTextAsText() {
        #expect(HistorySearch.query("a\"b NEAR(c") == "\"a\"\"b\"* \"NEAR(c\"*")
        #expect(HistorySearch.query("btc\u{0}eth") == "\"btc\"* \"eth\"*")
        #expect(HistorySearch.query("* - :") == nil, "no word, no query")
        #expect(HistorySearch.query("") == nil)
    }

    @Test func longTextIsBounded() {
        let huge = String(repeating: "bitcoin ", count: 100_000 / 8) + String(repeating: "x", count: 100_000)
        let words = HistorySearch.words(huge)
        #expect(words.count <= HistorySearch.maximumWords)
        #expect(words.joined().count <= HistorySearch.maximumCharacters)
        #expect((HistorySearch.query(huge)?.count ?? 0) < 1000)
        #expect(HistorySearch.words(String(repeating: "y", count: 100_000)) == [String(repeating: "y", count: 200)])
    }

    func filledStore(_ sandbox: Sandbox) throws -> Store {
        let store = try Store(path: sandbox.storeFile.path)
        for delivery in [
            Self.delivery("BTC +6.2 % in 24 h", body: "Bitcoin: $99,000.50", hoursAgo: 1),
            Self.delivery("ETH −7 % in 24 h", body: "Ether fell", key: "ETH", hoursAgo: 30),
            Self.delivery("Kadripäev today", body: "St Catherine's Day", rule: "holiday_upcoming", key: "2026-11-25", hoursAgo: 24 * 10),
            Self.delivery("Quote \" star * NEAR(x) title:y", body: "-minus", rule: "feed_health", key: "crypto", hoursAgo: 2),
        ] {
            try store.record(delivery)
        }
        return store
    }

    @Test func theStoreFindsWordsAndPrefixesCombinedWithItsFilters() throws {
        let sandbox = try Sandbox()
        let store = try filledStore(sandbox)
        func titles(_ grep: String?, since hours: Double? = nil, limit: Int = 20) throws -> [String] {
            try store.history(HistoryFilter(limit: limit, since: hours.map { Self.now.addingTimeInterval(-$0 * 3600) }, grep: grep)).map(\.title)
        }
        #expect(try titles("bitc") == ["BTC +6.2 % in 24 h"], "a word's start finds it, in the body")
        #expect(try titles("BITCOIN 99") == ["BTC +6.2 % in 24 h"], "any case, every word")
        #expect(try titles("bitcoin ether") == [], "all the words, not any")
        #expect(try titles("kadripaev") == ["Kadripäev today"], "accents ignored")
        #expect(try titles("holiday") == ["Kadripäev today"], "the rule")
        #expect(try titles("ETH:up") == ["ETH −7 % in 24 h"], "the subject")
        #expect(try titles("crypto_change").count == 2)
        #expect(try titles("\"") == [])
        #expect(try titles("NEAR(x)") == ["Quote \" star * NEAR(x) title:y"], "syntax is text")
        #expect(try titles("title:y -minus *") == ["Quote \" star * NEAR(x) title:y"])
        #expect(try titles("' OR 1=1 --") == [])
        #expect(try titles(String(repeating: "z", count: 100_000)) == [])
        #expect(try titles("btc", since: 24) == ["BTC +6.2 % in 24 h"])
        #expect(try titles("crypto", since: 24) == ["BTC +6.2 % in 24 h", "Quote \" star * NEAR(x) title:y"], "newest first")
        #expect(try titles(nil, since: 48).count == 3)
        #expect(try titles("crypto", limit: 1).count == 1)
    }

    /// The index follows the table: rows written before it existed (the migration fills it),
    /// rows added, changed and removed after.
    @Test func theMigrationIndexesOldRowsAndTriggersKeepItInStep() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.storeFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            let queue = try DatabaseQueue(path: sandbox.storeFile.path)
            // Every migration before the index's, wherever it stands in the list.
            let migrations: [String] = Store.migrator.migrations
            let index = try #require(migrations.firstIndex(of: String("history: full-text index")))
            try Store.migrator.migrate(queue, upTo: migrations[index - 1])
            try queue.write { db in try Store.insert(Self.delivery("Older than the index", body: "dogecoin"), db) }
        }
        let store = try Store(path: sandbox.storeFile.path)
        #expect(try store.history(HistoryFilter(limit: 5, grep: "doge")).map(\.title) == ["Older than the index"])
        try store.record(Self.delivery("Newer", body: "litecoin"))
        #expect(try store.history(HistoryFilter(limit: 5, grep: "lite")).map(\.title) == ["Newer"])
        try store.write("changing a row") { db in try db.execute(sql: "UPDATE delivery SET body = 'solana' WHERE title = 'Newer'") }
        #expect(try store.history(HistoryFilter(limit: 5, grep: "lite")).isEmpty)
        #expect(try store.history(HistoryFilter(limit: 5, grep: "sol")).map(\.title) == ["Newer"])
        try store.write("moving a row to another sink") { db in try db.execute(sql: "UPDATE delivery SET sink = 'channel phone'") }
        #expect(try store.history(HistoryFilter(limit: 5, grep: "sol")).map(\.sink) == ["channel phone"], "the text is unchanged, and still found")
        try store.write("removing a row") { db in try db.execute(sql: "DELETE FROM delivery WHERE title = 'Newer'") }
        #expect(try store.history(HistoryFilter(limit: 5, grep: "sol")).isEmpty)
        // SQLite's own check of an external-content index against its table: an error if they differ.
        var indexed = -1
        try store.write("checking the index") { db in
            try db.execute(sql: "INSERT INTO delivery_search (delivery_search, rank) VALUES ('integrity-check', 1)")
            indexed = try Int.fetchOne(db, sql: "SELECT count(*) FROM delivery_search") ?? -1
        }
        #expect(indexed == 1)
    }

    /// The index needs FTS5 in the SQLite the program links (Debian's libsqlite3 has it).
    @Test func theLinkedSQLiteHasFTS5() throws {
        let options = try DatabaseQueue().read { db in try String.fetchAll(db, sql: "PRAGMA compile_options") }
        #expect(options.contains("ENABLE_FTS5"), "\(options)")
    }
}
