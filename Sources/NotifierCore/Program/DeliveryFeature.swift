/// One feature of delivery (a folder of Sources/Delivery: channels, presence, acknowledgement,
/// sync, history): what it brings to the program beside its code. Listed once, in delivery's
/// `DeliveryFeatures.all`, as feeds are in the program's list.
package protocol DeliveryFeature: Sendable {
    /// For logs and tests.
    var name: String { get }
    /// Its tables in the store, each a migration under the name it has always had.
    var storeMigrations: [StoreMigration] { get }
}

extension DeliveryFeature {
    package var storeMigrations: [StoreMigration] { [] }
}
