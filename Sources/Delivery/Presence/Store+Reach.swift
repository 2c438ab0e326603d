import Foundation
import GRDB
import NotifierCore
import NotifierEngine
import NotifierSystem

/// What reaching the person keeps between runs: the away spell (what went to their channels,
/// for the recap on return) and which channels are failing (said once, and once when they work).
extension Store {
    package static func createReachTables(_ db: Database) throws {
        try db.create(table: "away_spell") { t in
            t.primaryKey("id", .integer).check { $0 == 1 }
            t.column("spell", .text).notNull() // AwaySpell as JSON
        }
        try db.create(table: "presence_seen") { t in
            t.primaryKey("id", .integer).check { $0 == 1 }
            t.column("presence", .text).notNull() // Presence as JSON
            t.column("away", .text) // why away; NULL: present
            t.column("at", .datetime).notNull()
        }
        try db.create(table: "channel_state") { t in
            t.primaryKey("channel", .text)
            t.column("failing_since", .datetime).notNull()
            t.column("last_error", .text).notNull()
        }
    }

    package func awaySpell() throws(StoreError) -> AwaySpell {
        try read("reading the away spell") { db in
            guard let text = try String.fetchOne(db, sql: "SELECT spell FROM away_spell WHERE id = 1") else { return AwaySpell() }
            return (try? Self.decoder.decode(AwaySpell.self, from: Data(text.utf8))) ?? AwaySpell()
        }
    }

    package func saveAwaySpell(_ spell: AwaySpell) throws(StoreError) {
        try write("saving the away spell") { db in
            if spell == AwaySpell() {
                try db.execute(sql: "DELETE FROM away_spell")
            } else {
                try db.execute(
                    sql: "INSERT INTO away_spell (id, spell) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET spell = excluded.spell",
                    arguments: [try Self.json(spell)])
            }
        }
    }

    /// What the last delivery saw of the person, for `notifier status`.
    package func savePresence(_ presence: Presence, away: String?, at now: Date) throws(StoreError) {
        try write("saving the presence seen") { db in
            try db.execute(
                sql: """
                    INSERT INTO presence_seen (id, presence, away, at) VALUES (1, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET presence = excluded.presence, away = excluded.away, at = excluded.at
                    """, arguments: [try Self.json(presence), away, now])
        }
    }

    package func presenceSeen() throws(StoreError) -> (presence: Presence, away: String?, at: Date)? {
        try read("reading the presence seen") { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT presence, away, at FROM presence_seen WHERE id = 1"),
                let presence = try? Self.decoder.decode(Presence.self, from: Data((row["presence"] as String).utf8))
            else { return nil }
            return (presence, row["away"], row["at"])
        }
    }

    /// The group of the latest "While you were away" recap: what went to the channels then.
    package func latestRecapGroup() throws(StoreError) -> String? {
        try read("reading the history") { db in
            let link = try String.fetchOne(
                db, sql: "SELECT deep_link FROM delivery WHERE rule = ? AND key = ? AND group_id IS NULL ORDER BY delivered_at DESC, id DESC LIMIT 1",
                arguments: [Outbox.summaryRule, AwaySpell.recapKey])
            return link.flatMap { $0.split(separator: " ").last.map(String.init) }.flatMap { HistoryGroupID.isValid($0) ? $0 : nil }
        }
    }

    /// The channels failing now: since when, and the last error.
    package func failingChannels() throws(StoreError) -> [String: (since: Date, error: String)] {
        try read("reading the channels' state") { db in
            var failing: [String: (since: Date, error: String)] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT channel, failing_since, last_error FROM channel_state") {
                failing[row["channel"]] = (row["failing_since"], row["last_error"])
            }
            return failing
        }
    }

    /// Records a channel's failure; `true` when it was working until now.
    package func channelFailed(_ channel: String, error: String, now: Date) throws(StoreError) -> Bool {
        var first = false
        try write("saving a channel's state") { db in
            first = try Int.fetchOne(db, sql: "SELECT 1 FROM channel_state WHERE channel = ?", arguments: [channel]) == nil
            try db.execute(
                sql: """
                    INSERT INTO channel_state (channel, failing_since, last_error) VALUES (?, ?, ?)
                    ON CONFLICT(channel) DO UPDATE SET last_error = excluded.last_error
                    """, arguments: [channel, now, Redaction.scrub(error)])
        }
        return first
    }

    /// Records a channel's success; `true` when it was failing until now.
    package func channelWorked(_ channel: String) throws(StoreError) -> Bool {
        var was = false
        try write("saving a channel's state") { db in
            try db.execute(sql: "DELETE FROM channel_state WHERE channel = ?", arguments: [channel])
            was = db.changesCount > 0
        }
        return was
    }
}
