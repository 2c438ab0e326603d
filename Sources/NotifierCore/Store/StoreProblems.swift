import GRDB
import Logging
import NotifierEngine
import Synchronization

/// For store reads a round can do without (a price history, the last forecast, a cached
/// geocode): a failure is logged, once per operation for the process's life, instead of being
/// dropped silently by `try?` or repeated on every poll. The round goes on without the value.
package enum StoreProblems {
    private static let reported = Mutex<Set<String>>([])

    package static func attempt<T>(_ operation: String, logger: Logger, _ body: () throws -> T?) -> T? {
        do {
            return try body()
        } catch {
            if reported.withLock({ $0.insert(operation).inserted }) {
                logger.warning("\(error); going on without \(operation) (said once)")
            }
            return nil
        }
    }
}

extension Store {
    /// A database error as the line a person reads: the lock, a full disk, or SQLite's message.
    package static func reason(_ error: any Error, busySeconds: Int = Store.busySeconds) -> String {
        guard let error = error as? DatabaseError else { return "\(error)" }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return "another process holds the store locked (waited \(busySeconds) s)"
        case .SQLITE_FULL: return "the disk is full"
        default: return error.message ?? "\(error.resultCode)"
        }
    }
}
