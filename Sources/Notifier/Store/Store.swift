import Feeds
import Foundation
import GRDB
import Rules

enum StoreError: Error, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    /// The file is not a database SQLite can read.
    case corrupt(path: String, reason: String)
    case failed(operation: String, reason: String)

    var description: String {
        switch self {
        case .cannotOpen(let path, let reason): return "cannot open the store \(path): \(reason)"
        case .corrupt(let path, let reason): return "the store \(path) is damaged (\(reason))"
        case .failed(let operation, let reason): return "store: \(operation) failed: \(reason)"
        }
    }
}

/// The latest snapshot of a feed, kept so detail views work offline.
struct FeedSnapshot: Sendable, Equatable {
    var feed: String
    var source: String
    var fetchedAt: Date
    var payload: String
}

/// One line of the ledger of delivered notifications.
struct Delivery: Sendable, Equatable, Codable {
    var deliveredAt: Date
    var rule: String
    var key: String
    var title: String
    var body: String
    var urgency: String
    var deepLink: String
    var sink: String
    /// Why it was sent; empty where the rule gives no reason.
    var reason: String = ""
}

/// SQLite through GRDB at `$XDG_STATE_HOME/notifier/notifier.sqlite`: WAL, so views read while
/// the daemon writes, and versioned migrations.
final class Store: Sendable {
    let path: String
    private let database: any DatabaseWriter

    /// How long a write waits for another process's write to finish before it fails.
    static let busySeconds = 5

    private let busySeconds: Int
    var busyTimeout: Int { busySeconds }
    /// See `StoreWriteGate`: open unless a `--once` pass closes it.
    let writeGate = StoreWriteGate()
    /// For `Store+WriteCheck`.
    var writer: any DatabaseWriter { database }

    convenience init(path: String, busySeconds: Int = Store.busySeconds) throws(StoreError) {
        try self.init(path: path, busySeconds: busySeconds, singleConnection: false)
    }

    /// `singleConnection`: a queue, not a pool with its reader connections and threads; for a
    /// view, which reads a few rows once and exits (a click's latency).
    private init(path: String, busySeconds: Int, singleConnection: Bool) throws(StoreError) {
        self.path = path
        self.busySeconds = busySeconds
        do {
            let directory = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            var configuration = Configuration()
            configuration.busyMode = .timeout(TimeInterval(busySeconds))
            database = singleConnection
                ? try DatabaseQueue(path: path, configuration: configuration)
                : try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(database)
        } catch let error as DatabaseError where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
            throw .corrupt(path: path, reason: Self.reason(error))
        } catch {
            throw .cannotOpen(path: path, reason: Self.reason(error, busySeconds: busySeconds))
        }
    }

    /// Opens the store; a damaged file is renamed `<name>.corrupt-<time>` (kept for a look, or
    /// for recovery by hand) and a fresh store takes its place, so one bad file never stops the
    /// program. Returns the store and, when it replaced one, what it did.
    static func openReplacingDamaged(path: String, now: Date = Date()) throws(StoreError) -> (store: Store, replaced: String?) {
        do {
            return (try Store(path: path), nil)
        } catch .corrupt(_, let reason) {
            let stamp = now.formatted(Date.ISO8601FormatStyle(dateSeparator: .omitted, timeSeparator: .omitted))
            let aside = "\(path).corrupt-\(stamp)"
            do {
                try FileManager.default.moveItem(atPath: path, toPath: aside)
            } catch {
                throw .cannotOpen(path: path, reason: "it is damaged (\(reason)) and cannot be moved aside: \(error.localizedDescription)")
            }
            // The journal files belong to the damaged database, not to the fresh one.
            for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                try? FileManager.default.moveItem(atPath: path + suffix, toPath: aside + suffix)
            }
            let store = try Store(path: path)
            return (store, "the store \(path) was damaged (\(reason)); kept it as \(aside) and started a fresh one")
        }
    }

    /// Opens an existing store for reading only; `nil` when there is none yet.
    static func openForReading(path: String) -> Store? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try? Store(path: path, busySeconds: Store.busySeconds, singleConnection: true)
    }

    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "feed_snapshot") { t in
                t.primaryKey("feed", .text)
                t.column("source", .text).notNull()
                t.column("fetched_at", .datetime).notNull()
                t.column("payload", .text).notNull()
            }
            try db.create(table: "delivery") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("delivered_at", .datetime).notNull().indexed()
                t.column("rule", .text).notNull()
                t.column("key", .text).notNull()
                t.column("title", .text).notNull()
                t.column("body", .text).notNull()
                t.column("urgency", .text).notNull()
                t.column("deep_link", .text).notNull()
                t.column("sink", .text).notNull()
            }
        }
        migrator.registerMigration("v2: engine state") { db in
            try db.create(table: "rule_state") { t in
                t.column("rule", .text).notNull()
                t.column("subject", .text).notNull()
                t.column("record", .text).notNull()  // SubjectRecord as JSON
                t.column("updated_at", .datetime).notNull()
                t.primaryKey(["rule", "subject"])
            }
            try db.create(table: "feed_state") { t in
                t.primaryKey("feed", .text)
                t.column("health", .text).notNull()  // FeedHealth as JSON
                t.column("last_error", .text)
                t.column("updated_at", .datetime).notNull()
            }
            try db.create(table: "outbox") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("payload", .text).notNull()  // Outbox as JSON
            }
            try db.create(table: "mute") { t in
                t.primaryKey("rule", .text)
                t.column("until", .datetime).notNull()
            }
            try db.alter(table: "delivery") { t in
                t.add(column: "reason", .text).notNull().defaults(to: "")
            }
        }
        migrator.registerMigration("v3: price history") { db in
            try db.create(table: "price_history") { t in
                t.column("symbol", .text).notNull()
                t.column("at", .datetime).notNull()
                t.column("price", .text).notNull()  // exact decimal, as text
            }
            try db.create(index: "price_history_by_symbol", on: "price_history", columns: ["symbol", "at"])
        }
        migrator.registerMigration("v4: holiday cache") { db in
            // One row per day fetched from the holiday API, even a day without events, so a
            // range already asked for is known to be covered.
            try db.create(table: "holiday_day") { t in
                t.primaryKey("date", .text)  // YYYY-MM-DD, Estonian date
                t.column("fetched_at", .datetime).notNull()
                t.column("events", .text).notNull()  // [Holiday] as JSON
            }
        }
        migrator.registerMigration("v5: forecasts") { db in
            // Every fetched forecast, so rules compare with the one before and the view marks changes.
            try db.create(table: "forecast") { t in
                t.column("place", .text).notNull()  // the place's slug, lowercased
                t.column("fetched_at", .datetime).notNull()
                t.column("payload", .text).notNull()  // Forecast as JSON
            }
            try db.create(index: "forecast_by_place", on: "forecast", columns: ["place", "fetched_at"])
            // Place names resolved by the geocoding API, once.
            try db.create(table: "geocode") { t in
                t.primaryKey("name", .text)
                t.column("latitude", .double).notNull()
                t.column("longitude", .double).notNull()
                t.column("label", .text).notNull()
                t.column("resolved_at", .datetime).notNull()
            }
        }
        return migrator
    }()

    /// Prices of one poll, for rules that look back over our own history; older than `keep`
    /// is pruned in the same transaction.
    func appendPrices(_ tickers: [Ticker], at now: Date, keep: TimeInterval = 2 * 86400) throws(StoreError) {
        try write("saving prices") { db in
            for ticker in tickers {
                try db.execute(sql: "INSERT INTO price_history (symbol, at, price) VALUES (?, ?, ?)",
                               arguments: [ticker.symbol.uppercased(), now, "\(ticker.priceUSD)"])
            }
            try db.execute(sql: "DELETE FROM price_history WHERE at < ?", arguments: [now.addingTimeInterval(-keep)])
        }
    }

    func priceHistory(since: Date) throws(StoreError) -> [String: [CryptoMoveRule.PricePoint]] {
        try read("reading prices") { db in
            var history: [String: [CryptoMoveRule.PricePoint]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT symbol, at, price FROM price_history WHERE at >= ? ORDER BY at", arguments: [since]) {
                guard let price = Ticker.parseDecimal(row["price"] as String) else { continue }
                history[row["symbol"], default: []].append(CryptoMoveRule.PricePoint(at: row["at"], price: price))
            }
            return history
        }
    }

    // MARK: Engine state

    func loadEngine() throws(StoreError) -> RuleEngine {
        try read("reading the rule states") { db in
            var records: [SubjectKey: SubjectRecord] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT rule, subject, record FROM rule_state") {
                // A record that no longer decodes (an older format) starts over as armed.
                let record = (try? Self.decoder.decode(SubjectRecord.self, from: Data((row["record"] as String).utf8))) ?? SubjectRecord()
                records[SubjectKey(rule: row["rule"], subject: row["subject"])] = record
            }
            let silences = try Self.silences(db)
            return RuleEngine(records: records, mutes: silences.mutes, snoozes: silences.snoozes)
        }
    }

    func loadOutbox() throws(StoreError) -> Outbox {
        try read("reading the outbox") { db in
            guard let payload = try String.fetchOne(db, sql: "SELECT payload FROM outbox WHERE id = 1") else { return Outbox() }
            return (try? Self.decoder.decode(Outbox.self, from: Data(payload.utf8))) ?? Outbox()
        }
    }

    /// What one poll decided, in one transaction: the changed rule states and the outbox holding
    /// their alerts. A crash before it leaves the previous state; after it, nothing is lost.
    func commit(records: [SubjectKey: SubjectRecord], outbox: Outbox, now: Date) throws(StoreError) {
        try write("saving the rule states") { db in
            try Self.upsert(records, now: now, db)
            try Self.saveOutbox(outbox, db)
        }
    }

    private static func upsert(_ records: [SubjectKey: SubjectRecord], now: Date, _ db: Database) throws {
        for (key, record) in records {
            try db.execute(
                sql: """
                INSERT INTO rule_state (rule, subject, record, updated_at) VALUES (?, ?, ?, ?)
                ON CONFLICT(rule, subject) DO UPDATE SET record = excluded.record, updated_at = excluded.updated_at
                """,
                arguments: [key.rule, key.subject, try Self.json(record), now])
        }
    }

    /// Takes alerts out of the outbox and into the ledger in one transaction, before they are
    /// shown: a crash mid-delivery can lose a bubble but never shows one twice.
    /// `records`: rule states decided earlier whose own commit failed; they go in with the
    /// deliveries they decided, so a shown alert is never one the store does not know of.
    func markDelivered(_ deliveries: [Delivery], outbox: Outbox, records: [SubjectKey: SubjectRecord] = [:], now: Date = Date()) throws(StoreError) {
        try write("recording deliveries") { db in
            try Self.upsert(records, now: now, db)
            for delivery in deliveries { try Self.insert(delivery, db) }
            try Self.saveOutbox(outbox, db)
        }
    }

    func setMute(rule: String, until: Date?) throws(StoreError) {
        try write("saving a mute") { db in
            if let until {
                try db.execute(sql: "INSERT INTO mute (rule, until) VALUES (?, ?) ON CONFLICT(rule) DO UPDATE SET until = excluded.until",
                               arguments: [rule, until])
            } else {
                try db.execute(sql: "DELETE FROM mute WHERE rule = ?", arguments: [rule])
            }
        }
    }

    func feedHealth(feed: String) throws(StoreError) -> (health: FeedHealth, lastError: String?)? {
        try read("reading the feed state") { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT health, last_error FROM feed_state WHERE feed = ?", arguments: [feed]),
                  let health = try? Self.decoder.decode(FeedHealth.self, from: Data((row["health"] as String).utf8))
            else { return nil }
            return (health, row["last_error"])
        }
    }

    func saveFeedHealth(feed: String, health: FeedHealth, lastError: String?, now: Date) throws(StoreError) {
        try write("saving the feed state") { db in
            try db.execute(
                sql: """
                INSERT INTO feed_state (feed, health, last_error, updated_at) VALUES (?, ?, ?, ?)
                ON CONFLICT(feed) DO UPDATE SET health = excluded.health, last_error = excluded.last_error, updated_at = excluded.updated_at
                """,
                arguments: [feed, try Self.json(health), lastError, now])
        }
    }

    private static func saveOutbox(_ outbox: Outbox, _ db: Database) throws {
        try db.execute(sql: "INSERT INTO outbox (id, payload) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET payload = excluded.payload",
                       arguments: [try json(outbox)])
    }

    private static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static let decoder = JSONDecoder()

    func save(_ snapshot: FeedSnapshot) throws(StoreError) {
        try write("saving the \(snapshot.feed) snapshot") { db in
            try db.execute(
                sql: """
                INSERT INTO feed_snapshot (feed, source, fetched_at, payload) VALUES (?, ?, ?, ?)
                ON CONFLICT(feed) DO UPDATE SET source = excluded.source, fetched_at = excluded.fetched_at, payload = excluded.payload
                """,
                arguments: [snapshot.feed, snapshot.source, snapshot.fetchedAt, snapshot.payload])
        }
    }

    /// The coins of the last crypto poll, with when it was.
    func latestTickers() -> (fetchedAt: Date, tickers: [Ticker])? {
        guard let snapshot = try? snapshot(feed: CryptoFeed.name),
              let tickers = try? JSONDecoder().decode([Ticker].self, from: Data(snapshot.payload.utf8))
        else { return nil }
        return (snapshot.fetchedAt, tickers)
    }

    func snapshot(feed: String) throws(StoreError) -> FeedSnapshot? {
        try read("reading the \(feed) snapshot") { db in
            try Row.fetchOne(db, sql: "SELECT * FROM feed_snapshot WHERE feed = ?", arguments: [feed]).map {
                FeedSnapshot(feed: $0["feed"], source: $0["source"], fetchedAt: $0["fetched_at"], payload: $0["payload"])
            }
        }
    }

    func record(_ delivery: Delivery) throws(StoreError) {
        try write("recording a delivery") { db in try Self.insert(delivery, db) }
    }

    private static func insert(_ delivery: Delivery, _ db: Database) throws {
        try db.execute(
            sql: """
            INSERT INTO delivery (delivered_at, rule, key, title, body, urgency, deep_link, sink, reason)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            arguments: [delivery.deliveredAt, delivery.rule, delivery.key, delivery.title, delivery.body,
                        delivery.urgency, delivery.deepLink, delivery.sink, delivery.reason])
    }

    /// The newest deliveries first.
    func history(limit: Int) throws(StoreError) -> [Delivery] {
        try read("reading the history") { db in
            try Row.fetchAll(db, sql: "SELECT * FROM delivery ORDER BY delivered_at DESC, id DESC LIMIT ?", arguments: [limit]).map {
                Delivery(deliveredAt: $0["delivered_at"], rule: $0["rule"], key: $0["key"], title: $0["title"],
                         body: $0["body"], urgency: $0["urgency"], deepLink: $0["deep_link"], sink: $0["sink"],
                         reason: $0["reason"])
            }
        }
    }

    func write(_ operation: String, _ body: (Database) throws -> Void) throws(StoreError) {
        if case .failed(_, let reason)? = writeGate.failure { throw .failed(operation: operation, reason: reason) }
        do {
            try database.write(body)
        } catch {
            let failure = StoreError.failed(operation: operation, reason: Self.reason(error, busySeconds: busySeconds))
            writeGate.record(failure)
            throw failure
        }
    }

    func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw .failed(operation: operation, reason: Self.reason(error, busySeconds: busySeconds))
        }
    }

    static func reason(_ error: any Error, busySeconds: Int = Store.busySeconds) -> String {
        guard let error = error as? DatabaseError else { return "\(error)" }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return "another process holds the store locked (waited \(busySeconds) s)"
        case .SQLITE_FULL: return "the disk is full"
        default: return error.message ?? "\(error.resultCode)"
        }
    }
}
