import NotifierCore

/// Channels: its tables, `[[channels]]`, and `channels` of every rule.
package struct ChannelsFeature: DeliveryFeature {
    package let name = "channels"
    package var configEntryLists: [ConfigEntryList] { [ConfigEntryList(\.channels)] }
    package var ruleKeys: [RuleKeys] { [RuleChannels.keys] }

    package func configCheck(_ config: Config, schema: ConfigSchema) -> (key: String, message: String)? {
        config.unknownChannelProblem(schema)
    }
    package var storeMigrations: [StoreMigration] { [StoreMigration("reach: channel parcels and messages") { db in try Store.createChannelParcelTables(db) }] }
}
