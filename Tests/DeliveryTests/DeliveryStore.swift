import GRDB
import NotifierCore
import NotifierDelivery

/// A store with delivery's tables and no feed's, as delivery's suites need.
extension Store {
    convenience init(path: String) throws(StoreError) {
        try self.init(path: path, migrations: DeliveryFeatures.all.flatMap(\.storeMigrations))
    }

    /// The migrations of such a store, by name, in order.
    static var migrator: DatabaseMigrator { migrator(adding: DeliveryFeatures.all.flatMap(\.storeMigrations)) }
}

/// A config file read as a program of delivery's features alone reads it.
extension ConfigLoader {
    static let deliverySchema = ConfigSchema(feeds: [], delivery: DeliveryFeatures.all)

    static func parse(_ text: String, file: String) throws(ConfigError) -> Config {
        try parse(text, file: file, schema: deliverySchema)
    }
}

extension Config {
    func renderedTOML() -> String { renderedTOML(ConfigLoader.deliverySchema) }
}
