import NotifierCore

/// Channels: its tables.
package struct ChannelsFeature: DeliveryFeature {
    package let name = "channels"
    package var storeMigrations: [StoreMigration] { [StoreMigration("reach: channel parcels and messages") { db in try Store.createChannelParcelTables(db) }] }
}
