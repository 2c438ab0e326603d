import Foundation
import GRDB
import NotifierEngine

/// The ledger read back, newest first: what the views show of the last notifications. Its
/// search (`notifier history --grep`) is delivery's history feature's.
extension Store {
    /// The newest deliveries first: what was shown, or with `group` the members of that group.
    package func history(limit: Int, group: String? = nil) throws(StoreError) -> [Delivery] {
        try history(where: [group == nil ? "group_id IS NULL" : "group_id = ?"], arguments: group.map { [$0] } ?? [], limit: limit)
    }

    /// The newest deliveries first that SQL `conditions` on the `delivery` table let through.
    package func history(where conditions: [String], arguments: StatementArguments, limit: Int) throws(StoreError) -> [Delivery] {
        let sql = "SELECT * FROM delivery WHERE \(conditions.joined(separator: " AND ")) ORDER BY delivered_at DESC, id DESC LIMIT ?"
        return try read("reading the history") { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments + [limit]).map {
                Delivery(
                    deliveredAt: $0["delivered_at"], rule: $0["rule"], key: $0["key"], title: $0["title"],
                    body: $0["body"], urgency: $0["urgency"], deepLink: $0["deep_link"], sink: $0["sink"],
                    reason: $0["reason"], subject: $0["subject"], groupID: $0["group_id"], id: $0["id"])
            }
        }
    }
}
