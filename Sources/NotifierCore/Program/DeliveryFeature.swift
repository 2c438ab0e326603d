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
}

extension DeliveryFeature {
    package var storeMigrations: [StoreMigration] { [] }
    package var configSections: [ConfigSectionEntry] { [] }
}
