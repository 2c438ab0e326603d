import NotifierCore

/// Sync: its tables.
package struct SyncFeature: DeliveryFeature {
    package let name = "sync"
    package var storeMigrations: [StoreMigration] { [Store.syncMigration] }
}
