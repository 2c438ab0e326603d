import NotifierCore

/// A store with the kernel's tables alone, as the core's suites need.
extension Store {
    convenience init(path: String) throws(StoreError) {
        try self.init(path: path, migrations: [])
    }
}
