import Foundation
import GRDB
import NotifierCore
import NotifierEngine

extension Store {
    /// Deletes at most `limit` of the oldest deliveries before `cutoff`, in one short
    /// transaction (the search index follows through its delete trigger); how many went.
    package func pruneDeliveries(before cutoff: Date, limit: Int) throws(StoreError) -> Int {
        var deleted = 0
        try write("pruning the delivery history") { db in
            try db.execute(
                sql: "DELETE FROM delivery WHERE id IN (SELECT id FROM delivery WHERE delivered_at < ? ORDER BY delivered_at LIMIT ?)",
                arguments: [cutoff, limit])
            deleted = db.changesCount
        }
        return deleted
    }
}
