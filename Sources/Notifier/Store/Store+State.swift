import Feeds
import Foundation
import GRDB
import Rules

/// What the program keeps between runs: prices, rule states and the outbox, mutes, feed health,
/// snapshots and the history of deliveries.
extension Store {
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

    /// The prices of the last poll stored, by symbol: the trend arrow's "from".
    func latestPrices() throws(StoreError) -> [String: Decimal] {
        try read("reading prices") { db in
            var prices: [String: Decimal] = [:]
            let sql = "SELECT symbol, price FROM price_history WHERE at = (SELECT MAX(at) FROM price_history)"
            for row in try Row.fetchAll(db, sql: sql) {
                if let price = Ticker.parseDecimal(row["price"] as String) { prices[row["symbol"]] = price }
            }
            return prices
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
                // One that no longer decodes is left out, not reset: a writer keeps it aside
                // (`keepAsideUnreadable`) before the engine could overwrite it.
                guard let record = try? Self.decoder.decode(SubjectRecord.self, from: Data((row["record"] as String).utf8)) else { continue }
                records[SubjectKey(rule: row["rule"], subject: row["subject"])] = record
            }
            let silences = try Self.silences(db)
            return RuleEngine(records: records, mutes: silences.mutes, snoozes: silences.snoozes)
        }
    }

    /// Moves the rule states and the outbox this version cannot decode into `kept_aside`, in one
    /// transaction; returns what it moved, for the log. Each row moves once, so each is reported
    /// once, and nothing is silently reset. Reads first: a store with nothing unreadable (the
    /// usual case) costs no write.
    func keepAsideUnreadable(now: Date) throws(StoreError) -> [String] {
        struct Unreadable { var table, key, payload, reason: String; var rule: String?, subject: String? }
        let unreadable: [Unreadable] = try read("checking the rule states") { db in
            var found: [Unreadable] = []
            for row in try Row.fetchAll(db, sql: "SELECT rule, subject, record FROM rule_state") {
                let (rule, subject, payload): (String, String, String) = (row["rule"], row["subject"], row["record"])
                do { _ = try Self.decoder.decode(SubjectRecord.self, from: Data(payload.utf8)) } catch {
                    found.append(Unreadable(table: "rule_state", key: "\(rule)/\(subject)", payload: payload, reason: "\(error)",
                                            rule: rule, subject: subject))
                }
            }
            if let payload = try String.fetchOne(db, sql: "SELECT payload FROM outbox WHERE id = 1") {
                do { _ = try Self.decoder.decode(Outbox.self, from: Data(payload.utf8)) } catch {
                    found.append(Unreadable(table: "outbox", key: "1", payload: payload, reason: "\(error)"))
                }
            }
            return found
        }
        guard !unreadable.isEmpty else { return [] }
        try write("keeping unreadable rows aside") { db in
            for row in unreadable {
                try db.execute(sql: "INSERT INTO kept_aside (kept_at, source, key, payload, reason) VALUES (?, ?, ?, ?, ?)",
                               arguments: [now, row.table, row.key, row.payload, row.reason])
                if let rule = row.rule, let subject = row.subject {
                    try db.execute(sql: "DELETE FROM rule_state WHERE rule = ? AND subject = ? AND record = ?",
                                   arguments: [rule, subject, row.payload])
                } else {
                    try db.execute(sql: "DELETE FROM outbox WHERE id = 1 AND payload = ?", arguments: [row.payload])
                }
            }
        }
        return unreadable.map { "\($0.table) \($0.key)" }
    }

    func loadOutbox() throws(StoreError) -> Outbox {
        try read("reading the outbox") { db in
            guard let payload = try String.fetchOne(db, sql: "SELECT payload FROM outbox WHERE id = 1") else { return Outbox() }
            return (try? Self.decoder.decode(Outbox.self, from: Data(payload.utf8))) ?? Outbox()
        }
    }

    /// What one poll decided, in one transaction: the changed rule states and the outbox holding
    /// their alerts. A crash before it leaves the previous state; after it, nothing is lost.
    /// `notes`: why, recorded with it (`notifier why`), those older than `keepDays` pruned.
    func commit(records: [SubjectKey: SubjectRecord], forgetting forgotten: [SubjectKey] = [], outbox: Outbox,
                notes: [DecisionNote] = [], keepDays: Int = 30, now: Date) throws(StoreError) {
        try write("saving the rule states") { db in
            try Self.forget(forgotten, db)
            try Self.upsert(records, now: now, db)
            try Self.saveOutbox(outbox, db)
            try Self.insert(notes, keepDays: keepDays, now: now, db)
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

    private static func forget(_ keys: [SubjectKey], _ db: Database) throws {
        for key in keys {
            try db.execute(sql: "DELETE FROM rule_state WHERE rule = ? AND subject = ?", arguments: [key.rule, key.subject])
        }
    }

    /// Takes alerts out of the outbox and into the ledger in one transaction, before they are
    /// shown: a crash mid-delivery can lose a bubble but never shows one twice.
    /// `records` and `forgetting`: rule states decided earlier whose own commit failed; they go
    /// in with the deliveries they decided, so a shown alert is never one the store does not know of.
    func markDelivered(_ deliveries: [Delivery], outbox: Outbox, records: [SubjectKey: SubjectRecord] = [:],
                       forgetting forgotten: [SubjectKey] = [], notes: [DecisionNote] = [], keepDays: Int = 30,
                       now: Date = Date()) throws(StoreError) {
        try write("recording deliveries") { db in
            try Self.forget(forgotten, db)
            try Self.upsert(records, now: now, db)
            for delivery in deliveries { try Self.insert(delivery, db) }
            try Self.saveOutbox(outbox, db)
            try Self.insert(notes, keepDays: keepDays, now: now, db)
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
            INSERT INTO delivery (delivered_at, rule, key, title, body, urgency, deep_link, sink, reason, subject)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            arguments: [delivery.deliveredAt, delivery.rule, delivery.key, delivery.title, delivery.body,
                        delivery.urgency, delivery.deepLink, delivery.sink, delivery.reason, delivery.subject])
    }

    /// The newest deliveries first.
    func history(limit: Int) throws(StoreError) -> [Delivery] {
        try read("reading the history") { db in
            try Row.fetchAll(db, sql: "SELECT * FROM delivery ORDER BY delivered_at DESC, id DESC LIMIT ?", arguments: [limit]).map {
                Delivery(deliveredAt: $0["delivered_at"], rule: $0["rule"], key: $0["key"], title: $0["title"],
                         body: $0["body"], urgency: $0["urgency"], deepLink: $0["deep_link"], sink: $0["sink"],
                         reason: $0["reason"], subject: $0["subject"])
            }
        }
    }
}
