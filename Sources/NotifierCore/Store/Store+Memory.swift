import GRDB

/// What the store's connections hold between uses, for a daemon that idles all day.
extension Store {
    /// Each connection's page cache, in KiB (SQLite's default is 2 MiB).
    package static let pageCacheKiB = 128

    /// Frees what the connections keep between uses: SQLite's cached pages and the prepared
    /// statements (some 400 KB over a daemon's two connections). A feed calls it before it rests;
    /// the next pass prepares its statements again, which costs microseconds.
    package func releaseMemory() {
        switch database {
        case let pool as DatabasePool: pool.releaseMemory()
        case let queue as DatabaseQueue: queue.releaseMemory()
        default: break
        }
    }
}
