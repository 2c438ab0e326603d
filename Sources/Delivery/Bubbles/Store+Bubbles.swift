import Foundation
import GRDB
import NotifierCore
import NotifierEngine

/// The bubbles on screen per subject (see `BubblePlan`), kept across `--once` runs and restarts.
extension Store {
    package func bubbles() throws(StoreError) -> [SubjectKey: Bubble] {
        try read("reading the bubble ids") { db in
            var bubbles: [SubjectKey: Bubble] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT rule, subject, id, value, shown_at, closable FROM bubble") {
                let id: Int64 = row["id"]
                guard let bubbleID = UInt32(exactly: id) else { continue }
                bubbles[SubjectKey(rule: row["rule"], subject: row["subject"])] =
                    Bubble(id: bubbleID, value: row["value"], shownAt: row["shown_at"], closable: row["closable"])
            }
            return bubbles
        }
    }

    package func saveBubble(_ bubble: Bubble, for key: SubjectKey) throws(StoreError) {
        try write("recording a bubble id") { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO bubble (rule, subject, id, value, shown_at, closable) VALUES (?, ?, ?, ?, ?, ?)
                    """, arguments: [key.rule, key.subject, Int64(bubble.id), bubble.value, bubble.shownAt, bubble.closable])
        }
    }

    /// Forgets the bubbles of `keys`, and any with one of `ids` (the server said it closed them),
    /// and those older than `BubblePlan.lifetime` before `now`.
    package func forgetBubbles(_ keys: [SubjectKey] = [], ids: [UInt32] = [], now: Date) throws(StoreError) {
        try write("forgetting bubble ids") { db in
            for key in keys {
                try db.execute(sql: "DELETE FROM bubble WHERE rule = ? AND subject = ?", arguments: [key.rule, key.subject])
            }
            for id in ids { try db.execute(sql: "DELETE FROM bubble WHERE id = ?", arguments: [Int64(id)]) }
            try db.execute(sql: "DELETE FROM bubble WHERE shown_at < ?", arguments: [now.addingTimeInterval(-BubblePlan.lifetime)])
        }
    }
}
