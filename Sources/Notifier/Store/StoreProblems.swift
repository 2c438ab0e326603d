import Logging
import Synchronization

/// For store reads a round can do without (a price history, the last forecast, a cached
/// geocode): a failure is logged, once per operation for the process's life, instead of being
/// dropped silently by `try?` or repeated on every poll. The round goes on without the value.
enum StoreProblems {
    private static let reported = Mutex<Set<String>>([])

    static func attempt<T>(_ operation: String, logger: Logger, _ body: () throws -> T?) -> T? {
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
