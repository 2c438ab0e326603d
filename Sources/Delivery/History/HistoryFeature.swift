import NotifierCore

/// History: its tables.
package struct HistoryFeature: DeliveryFeature {
    package let name = "history"
    package var storeMigrations: [StoreMigration] { [Store.historySearchMigration] }
}
