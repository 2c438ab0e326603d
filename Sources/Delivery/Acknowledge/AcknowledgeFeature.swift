import NotifierCore
import NotifierEngine

/// Acknowledgement and escalation: its tables, and `acknowledge` and `escalate` of every rule
/// and entry.
package struct AcknowledgeFeature: DeliveryFeature {
    package let name = "acknowledgement and escalation"
    package var ruleKeys: [RuleKeys] { [AcknowledgePolicy.ruleKeys] }

    package func configCheck(_ config: Config, schema: ConfigSchema) -> (key: String, message: String)? {
        config.escalationChannelProblem()
    }
    package var storeMigrations: [StoreMigration] {
        [StoreMigration("acknowledgements: open episodes and their escalation") { db in try Store.createAcknowledgementTable(db) }]
    }
}
