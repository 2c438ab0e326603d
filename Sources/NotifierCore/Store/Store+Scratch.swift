import Foundation
import GRDB
import NotifierEngine

extension Store {
    /// A copy in memory of the store at `path`, for a dry run: the pass runs against it as
    /// against the real one, reading what is stored, and what it writes lands here and is
    /// dropped with it. Empty (and up to date) when there is no store or it cannot be read; an
    /// older store is migrated in the copy only. Rows this version cannot read are kept aside in
    /// the copy, as a pass would in the file.
    package static func scratchCopy(of path: String, now: Date, migrations: [StoreMigration]) -> Store {
        let migrator = Store.migrator(adding: migrations)
        let memory: DatabaseQueue
        do {
            memory = try DatabaseQueue()
        } catch {
            fatalError("an in-memory SQLite database cannot be opened: \(error)")
        }
        if FileManager.default.fileExists(atPath: path) {
            do {
                var configuration = Configuration()
                configuration.readonly = true
                configuration.busyMode = .timeout(TimeInterval(Store.busySeconds))
                try DatabaseQueue(path: path, configuration: configuration).backup(to: memory)
                try migrator.migrate(memory)
            } catch {
                // Unreadable or damaged: the pass would start from an empty store too.
                try? memory.erase()
            }
        }
        try? migrator.migrate(memory)
        let store = Store(path: path, database: memory)
        _ = try? store.keepAsideUnreadable(now: now)
        // `why` notes a lasting suppression (a cooldown) once; a dry run restates it.
        try? store.write("forgetting the noted suppressions") { db in
            try db.execute(sql: "UPDATE \(SubjectStateRecord.databaseTableName) SET quiet_note = NULL")
        }
        return store
    }
}
