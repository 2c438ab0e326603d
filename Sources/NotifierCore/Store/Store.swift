import Foundation
import GRDB
import NotifierEngine

package enum StoreError: Error, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    /// The file is not a database SQLite can read.
    case corrupt(path: String, reason: String)
    case failed(operation: String, reason: String)

    package var description: String {
        switch self {
        case .cannotOpen(let path, let reason): return "cannot open the store \(path): \(reason)"
        case .corrupt(let path, let reason): return "the store \(path) is damaged (\(reason))"
        case .failed(let operation, let reason): return "store: \(operation) failed: \(reason)"
        }
    }
}

/// The latest snapshot of a feed, kept so detail views work offline.
package struct FeedSnapshot: Sendable, Equatable {
    package var feed: String
    package var source: String
    package var fetchedAt: Date
    package var payload: String
    package init(feed: String, source: String, fetchedAt: Date, payload: String) {
        self.feed = feed
        self.source = source
        self.fetchedAt = fetchedAt
        self.payload = payload
    }
}

/// One line of the ledger of delivered notifications.
package struct Delivery: Sendable, Equatable, Codable {
    package var deliveredAt: Date
    package var rule: String
    package var key: String
    package var title: String
    package var body: String
    package var urgency: String
    package var deepLink: String
    package var sink: String
    /// Why it was sent; empty where the rule gives no reason.
    package var reason: String = ""
    /// The engine's subject it was decided for (`BTC:up`); `nil` for groups, summaries and
    /// alerts no engine decided, and for rows older than the column.
    package var subject: String? = nil
    /// The group or summary this row was a member of; `nil` for what was shown itself.
    package var groupID: String? = nil
    /// The row's id, as `history --json` shows it and `notifier ack ID` takes it; `nil` until stored.
    package var id: Int64? = nil

    package init(
        deliveredAt: Date, rule: String, key: String, title: String, body: String, urgency: String, deepLink: String, sink: String,
        reason: String = "", subject: String? = nil, groupID: String? = nil, id: Int64? = nil
    ) {
        self.deliveredAt = deliveredAt
        self.rule = rule
        self.key = key
        self.title = title
        self.body = body
        self.urgency = urgency
        self.deepLink = deepLink
        self.sink = sink
        self.reason = reason
        self.subject = subject
        self.groupID = groupID
        self.id = id
    }
}

/// SQLite through GRDB at `$XDG_STATE_HOME/notifier/notifier.sqlite`: WAL, so views read while
/// the daemon writes, and versioned migrations.
package final class Store: Sendable {
    package let path: String
    // Internal for the extensions that tend the connections themselves (Store+Memory).
    let database: any DatabaseWriter

    /// How long a write waits for another process's write to finish before it fails.
    package static let busySeconds = 5

    private let busySeconds: Int
    package var busyTimeout: Int { busySeconds }
    /// See `StoreWriteGate`: open unless a `--once` pass closes it.
    package let writeGate = StoreWriteGate()
    /// For `Store+WriteCheck`, in `writeTurn`.
    package var writer: any DatabaseWriter { database }
    /// One read at a time and one write at a time, taken before GRDB is called: GRDB waits for
    /// a busy connection, or for its pool of readers, on dispatch queues, and libdispatch hands
    /// a queue someone waited for to one of its own worker threads, which starts its pool and
    /// the pool's one-second monitor for the life of the process. Uncontended, GRDB's queues
    /// never leave the calling thread. Reads still go beside a write (WAL); one connection (a
    /// queue) takes both in one turn.
    private let readTurn: NSLock
    package let writeTurn: NSLock

    /// Opens the store at `path`, creating and migrating it: its own tables and `migrations`,
    /// the program's feeds' (`Program.storeMigrations`).
    package convenience init(path: String, busySeconds: Int = Store.busySeconds, migrations: [StoreMigration]) throws(StoreError) {
        try self.init(path: path, busySeconds: busySeconds, readOnly: false, migrations: migrations)
    }

    /// `readOnly`: one read-only connection (a queue, not a pool with its reader connections
    /// and threads) that never migrates; for a view, which reads a few rows once and exits.
    private init(path: String, busySeconds: Int, readOnly: Bool, migrations: [StoreMigration] = []) throws(StoreError) {
        self.path = path
        self.busySeconds = busySeconds
        (readTurn, writeTurn) = Self.turns(oneConnection: readOnly)
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(TimeInterval(busySeconds))
            // SQLite keeps up to 2 MiB of pages a connection, for the connection's life: in a
            // daemon that idles between polls, heap that stays resident to save a `pread` of
            // pages the system's page cache holds anyway.
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -\(Store.pageCacheKiB)") }
            // Kept open when `releaseMemory` empties them: closing one hands its queue's end to
            // libdispatch's workers, whose first start arms a timer that ticks every second.
            configuration.persistentReadOnlyConnections = true
            if readOnly {
                configuration.readonly = true
                let queue = try DatabaseQueue(path: path, configuration: configuration)
                // A store another version wrote, not yet migrated by a writer: not read at all.
                guard try queue.read({ try Self.migrator().hasCompletedMigrations($0) }) else {
                    throw StoreError.cannotOpen(path: path, reason: "it is not yet up to date; `notifier --once` updates it")
                }
                database = queue
                return
            }
            let directory = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            database = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator(adding: migrations).migrate(database)
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
            throw .corrupt(path: path, reason: Self.reason(error))
        } catch {
            throw .cannotOpen(path: path, reason: Self.reason(error, busySeconds: busySeconds))
        }
    }

    /// Around a database already open and migrated: a dry run's scratch copy (`Store+Scratch`).
    package init(path: String, database: any DatabaseWriter) {
        self.path = path
        busySeconds = Self.busySeconds
        self.database = database
        (readTurn, writeTurn) = Self.turns(oneConnection: !(database is DatabasePool))
    }

    /// Opens the store; a damaged file is renamed `<name>.corrupt-<time>` (kept for a look, or
    /// for recovery by hand) and a fresh store takes its place, so one bad file never stops the
    /// program. Returns the store and, when it replaced one, what it did.
    package static func openReplacingDamaged(path: String, now: Date, migrations: [StoreMigration]) throws(StoreError) -> (
        store: Store, replaced: String?
    ) {
        do {
            return (try Store(path: path, migrations: migrations), nil)
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
            let store = try Store(path: path, migrations: migrations)
            return (store, "the store \(path) was damaged (\(reason)); kept it as \(aside) and started a fresh one")
        }
    }

    /// Opens an existing store for reading only, never migrating it; `nil` when there is none
    /// yet (or none this version can read).
    package static func openForReading(path: String) -> Store? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try? Store(path: path, busySeconds: Store.busySeconds, readOnly: true)
    }

    /// The store's own tables, then each feed's (`migrations`), every one under the name it
    /// has always had: a store that has one already skips it.
    package static func migrator(adding migrations: [StoreMigration] = []) -> DatabaseMigrator {
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
                t.column("record", .text).notNull() // SubjectRecord as JSON
                t.column("updated_at", .datetime).notNull()
                t.primaryKey(["rule", "subject"])
            }
            try db.create(table: "feed_state") { t in
                t.primaryKey("feed", .text)
                t.column("health", .text).notNull() // FeedHealth as JSON
                t.column("last_error", .text)
                t.column("updated_at", .datetime).notNull()
            }
            try db.create(table: "outbox") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("payload", .text).notNull() // Outbox as JSON
            }
            try db.create(table: "mute") { t in
                t.primaryKey("rule", .text)
                t.column("until", .datetime).notNull()
            }
            try db.alter(table: "delivery") { t in
                t.add(column: "reason", .text).notNull().defaults(to: "")
            }
        }
        migrator.registerMigration("v6: kept aside") { db in
            // Rows this version cannot read (a rule state, the outbox), moved here once and
            // reported, rather than reset and overwritten: kept for a look or a later version.
            try db.create(table: "kept_aside") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("kept_at", .datetime).notNull()
                t.column("source", .text).notNull() // the table it came from
                t.column("key", .text).notNull()
                t.column("payload", .text).notNull()
                t.column("reason", .text).notNull()
            }
        }
        migrator.registerMigration("v7: delivery subject") { db in
            try db.alter(table: "delivery") { t in t.add(column: "subject", .text) }
        }
        migrator.registerMigration("v8: decisions") { db in
            // What was decided about each subject and why (`notifier why`): one row per decision
            // that changes something, pruned after `[history] days`.
            try db.create(table: "decision") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("at", .datetime).notNull().indexed()
                t.column("rule", .text).notNull()
                t.column("subject", .text).notNull()
                t.column("outcome", .text).notNull() // DecisionNote.Outcome's raw value
                t.column("value", .text)
                t.column("detail", .text).notNull()
            }
            try db.create(index: "decision_by_subject", on: "decision", columns: ["rule", "subject", "at"])
        }
        migrator.registerMigration("v9: bubble ids") { db in
            // The bubble on screen per subject, so the next alert about it updates it in place.
            try db.create(table: "bubble") { t in
                t.column("rule", .text).notNull()
                t.column("subject", .text).notNull()
                t.column("id", .integer).notNull() // the notification server's id
                t.column("value", .text)
                t.column("shown_at", .datetime).notNull()
                t.column("closable", .boolean).notNull()
                t.primaryKey(["rule", "subject"])
            }
        }
        migrator.registerMigration("v10: store records") { db in
            // Rule states and the outbox become rows with columns. The blob rows move now;
            // one that does not decode stays for the next writer to keep aside and report.
            try SubjectStateRecord.createTable(db)
            try OutboxEntryRecord.createTables(db)
            _ = try Store.adoptBlobRows(db, now: Date(), keepingAsideUnreadable: false)
        }
        migrator.registerMigration("v11: shown measure") { db in
            // The value a firing subject's bubble shows, so a deeper move updates it.
            try SubjectStateRecord.addShownColumns(db)
        }
        registerHistoryGroupsAndPolls(&migrator)
        for migration in migrations {
            migrator.registerMigration(migration.name) { db in try migration.migrate(db) }
        }
        return migrator
    }

    private static func turns(oneConnection: Bool) -> (read: NSLock, write: NSLock) {
        let write = NSLock()
        return (oneConnection ? write : NSLock(), write)
    }

    package func write(_ operation: String, _ body: (Database) throws -> Void) throws(StoreError) {
        if case .failed(_, let reason)? = writeGate.failure { throw .failed(operation: operation, reason: reason) }
        do {
            try writeTurn.withLock { try database.write(body) }
        } catch {
            let failure = StoreError.failed(operation: operation, reason: Self.reason(error, busySeconds: busySeconds))
            writeGate.record(failure)
            throw failure
        }
    }

    package func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try readTurn.withLock { try database.read(body) }
        } catch {
            throw .failed(operation: operation, reason: Self.reason(error, busySeconds: busySeconds))
        }
    }
}

/// A feed's or a delivery feature's tables: a migration it brings to the store, under the name
/// it has always had.
package struct StoreMigration: Sendable {
    package let name: String
    package let migrate: @Sendable (Database) throws -> Void

    package init(_ name: String, _ migrate: @escaping @Sendable (Database) throws -> Void) {
        self.name = name
        self.migrate = migrate
    }
}
