import NotifierCore

/// Acknowledgement and escalation: its tables.
package struct AcknowledgeFeature: DeliveryFeature {
    package let name = "acknowledgement and escalation"
    package var storeMigrations: [StoreMigration] {
        [StoreMigration("acknowledgements: open episodes and their escalation") { db in try Store.createAcknowledgementTable(db) }]
    }
}
