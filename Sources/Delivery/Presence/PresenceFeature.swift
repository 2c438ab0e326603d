import NotifierCore

/// Presence and do-not-disturb: its tables.
package struct PresenceFeature: DeliveryFeature {
    package let name = "presence and do-not-disturb"
    package var storeMigrations: [StoreMigration] { [StoreMigration("reach: away spell and channels") { db in try Store.createReachTables(db) }] }
}
