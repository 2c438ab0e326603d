import GRDB
import NotifierCore

extension StoreMigration {
    /// The subscriptions tables: the messages read and where each topic was left.
    static let subscriptions: [StoreMigration] = [
        StoreMigration("subscriptions: messages and cursors") { db in
            try Store.createSubscriptionTables(db)
        }
    ]
}
