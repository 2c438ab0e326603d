import GRDB
import NotifierEngine

/// Whether the store can be written at all, asked once at the start of a pass: a pass that
/// cannot record what it decides must not decide (on a full disk every pass said an
/// error, exited 0 and never detected a crossing; behind another process's lock it took 31 s
/// and then delivered what it had not recorded, so the next pass fired again).
extension Store {
    /// Takes and drops the write lock, waiting at most the store's busy timeout.
    package func checkWritable() throws(StoreError) {
        do {
            try writeTurn.withLock {
                try writer.writeWithoutTransaction { db in
                    try db.execute(sql: "BEGIN IMMEDIATE")
                    // A write that needs a page: on a full disk, BEGIN alone can succeed.
                    try db.execute(sql: "CREATE TABLE IF NOT EXISTS write_check (x)")
                    try db.execute(sql: "INSERT INTO write_check (x) VALUES (zeroblob(4096))")
                    try db.execute(sql: "ROLLBACK")
                }
            }
        } catch {
            throw .failed(operation: "checking that the store can be written", reason: Store.reason(error, busySeconds: busyTimeout))
        }
    }
}
