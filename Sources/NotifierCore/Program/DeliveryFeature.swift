/// One feature of delivery (a folder of Sources/Delivery: channels, presence, acknowledgement,
/// sync, history, the digest): what it brings to the program beside its code, as a feed does.
/// Listed once, in delivery's `DeliveryFeatures.all`. What it runs in the daemon is delivery's
/// own capability (`DaemonWork`), which the core does not name.
package protocol DeliveryFeature: Sendable {
    /// For logs and tests.
    var name: String { get }
    /// Its tables in the store, each a migration under the name it has always had.
    var storeMigrations: [StoreMigration] { get }
    /// Its tables of the config file, each with its place in the file (after the shared
    /// sections of that place).
    var configSections: [ConfigSectionEntry] { get }
    /// Its repeated tables (`[[channels]]`), after the feeds'.
    var configEntryLists: [ConfigEntryList] { get }
    /// The keys it gives every rule's table, and maybe every entry (`channels`, `escalate`).
    var ruleKeys: [RuleKeys] { get }
    /// Its check across tables, once the file is read: the key to fix and what is wrong.
    func configCheck(_ config: Config, schema: ConfigSchema) -> (key: String, message: String)?
    /// What only `config check` says of its tables: an error thrown (with its line), warnings
    /// returned.
    func configReview(_ config: Config, file: String, lines: TOMLKeyLines) throws(ConfigError) -> [String]
}

extension DeliveryFeature {
    package var storeMigrations: [StoreMigration] { [] }
    package var configSections: [ConfigSectionEntry] { [] }
    package var configEntryLists: [ConfigEntryList] { [] }
    package var ruleKeys: [RuleKeys] { [] }
    package func configCheck(_ config: Config, schema: ConfigSchema) -> (key: String, message: String)? { nil }
    package func configReview(_ config: Config, file: String, lines: TOMLKeyLines) throws(ConfigError) -> [String] { [] }
}
