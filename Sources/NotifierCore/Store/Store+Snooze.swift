import Foundation
import GRDB
import NotifierEngine

/// Snoozes live in the mute table, named "rule/subject": rule names never hold a slash, so a
/// snooze and a rule's mute cannot collide, and the table needs no new migration.
extension Store {
    package func setSnooze(_ key: SubjectKey, until: Date) throws(StoreError) {
        try setMute(rule: key.rule + "/" + key.subject, until: until)
    }

    /// Mutes and snoozes as they are now, so a running daemon honours `notifier mute` and a
    /// click's "Mute rule" from its next poll on.
    package func loadSilences() throws(StoreError) -> (mutes: [String: Date], snoozes: [SubjectKey: Date]) {
        try read("reading the mutes") { db in try Self.silences(db) }
    }

    package static func silences(_ db: Database) throws -> (mutes: [String: Date], snoozes: [SubjectKey: Date]) {
        var mutes: [String: Date] = [:]
        var snoozes: [SubjectKey: Date] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT rule, until FROM mute") {
            let name: String = row["rule"]
            let until: Date = row["until"]
            if let slash = name.firstIndex(of: "/") {
                snoozes[SubjectKey(rule: String(name[..<slash]), subject: String(name[name.index(after: slash)...]))] = until
            } else {
                mutes[name] = until
            }
        }
        return (mutes, snoozes)
    }
}
