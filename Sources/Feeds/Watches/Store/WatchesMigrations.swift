import GRDB
import NotifierCore

extension StoreMigration {
    /// The watches tables: each poll's value, the members seen, the selector's health.
    static let watches: [StoreMigration] = [
        StoreMigration("watch values") { db in
            // [[watches]]: each poll's value, the members seen, the selector's health.
            try Store.createWatchTables(db)
        }
    ]
}
