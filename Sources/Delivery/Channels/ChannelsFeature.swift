import NotifierCore
import NotifierSystem

/// Channels: its tables, `[[channels]]`, and `channels` of every rule.
package struct ChannelsFeature: DaemonWork {
    package let name = "channels"
    package var configEntryLists: [ConfigEntryList] { [ConfigEntryList(\.channels)] }
    package var ruleKeys: [RuleKeys] { [RuleChannels.keys] }

    package func configCheck(_ config: Config, schema: ConfigSchema) -> (key: String, message: String)? {
        config.unknownChannelProblem(schema)
    }
    package var storeMigrations: [StoreMigration] { [StoreMigration("reach: channel parcels and messages") { db in try Store.createChannelParcelTables(db) }] }

    /// libcurl, loaded once the daemon has started when an ntfy or mail channel may need it,
    /// rather than at the instant its first message is due (5–12 ms of loading and OpenSSL's
    /// set-up, measured in docs/performance.md).
    package func work(_ context: DeliveryContext) -> (@Sendable () async -> Void)? {
        guard context.config.channels.contains(where: { $0.kind == .ntfy || $0.kind == .email }) else { return nil }
        return { HTTPClient.loadLibrary() }
    }
}
