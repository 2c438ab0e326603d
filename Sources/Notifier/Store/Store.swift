import Foundation
import GRDB
import Rules

enum StoreError: Error, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case failed(operation: String, reason: String)

    var description: String {
        switch self {
        case .cannotOpen(let path, let reason): return "cannot open the store \(path): \(reason)"
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
}

/// SQLite through GRDB at `$XDG_STATE_HOME/notifier/notifier.sqlite`: WAL, so views read while
/// the daemon writes, and versioned migrations.
final class Store: Sendable {
    let path: String
    private let database: DatabasePool

    init(path: String) throws(StoreError) {
        self.path = path
        do {
            let directory = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            database = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(database)
        } catch {
            throw .cannotOpen(path: path, reason: Self.reason(error))
        }
    }

    /// Opens an existing store for reading only; `nil` when there is none yet.
    static func openForReading(path: String) -> Store? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try? Store(path: path)
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
        return migrator
    }()

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

    func snapshot(feed: String) throws(StoreError) -> FeedSnapshot? {
        try read("reading the \(feed) snapshot") { db in
            try Row.fetchOne(db, sql: "SELECT * FROM feed_snapshot WHERE feed = ?", arguments: [feed]).map {
                FeedSnapshot(feed: $0["feed"], source: $0["source"], fetchedAt: $0["fetched_at"], payload: $0["payload"])
            }
        }
    }

    func record(_ delivery: Delivery) throws(StoreError) {
        try write("recording a delivery") { db in
            try db.execute(
                sql: """
                INSERT INTO delivery (delivered_at, rule, key, title, body, urgency, deep_link, sink)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                arguments: [delivery.deliveredAt, delivery.rule, delivery.key, delivery.title, delivery.body,
                            delivery.urgency, delivery.deepLink, delivery.sink])
        }
    }

    /// The newest deliveries first.
    func history(limit: Int) throws(StoreError) -> [Delivery] {
        try read("reading the history") { db in
            try Row.fetchAll(db, sql: "SELECT * FROM delivery ORDER BY delivered_at DESC, id DESC LIMIT ?", arguments: [limit]).map {
                Delivery(deliveredAt: $0["delivered_at"], rule: $0["rule"], key: $0["key"], title: $0["title"],
                         body: $0["body"], urgency: $0["urgency"], deepLink: $0["deep_link"], sink: $0["sink"])
            }
        }
    }

    private func write(_ operation: String, _ body: (Database) throws -> Void) throws(StoreError) {
        do {
            try database.write(body)
        } catch {
            throw .failed(operation: operation, reason: Self.reason(error))
        }
    }

    private func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw .failed(operation: operation, reason: Self.reason(error))
        }
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
