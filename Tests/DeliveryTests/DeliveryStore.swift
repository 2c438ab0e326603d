import NotifierCore
import NotifierDelivery

/// A store with delivery's tables and no feed's, as delivery's suites need.
extension Store {
    convenience init(path: String) throws(StoreError) {
        try self.init(path: path, migrations: DeliveryFeatures.all.flatMap(\.storeMigrations))
    }
}
