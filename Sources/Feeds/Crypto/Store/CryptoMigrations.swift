import GRDB
import NotifierCore

extension StoreMigration {
    /// The crypto tables: the price history the crossing rules compare with.
    static let crypto: [StoreMigration] = [
        StoreMigration("v3: price history") { db in
            try db.create(table: "price_history") { t in
                t.column("symbol", .text).notNull()
                t.column("at", .datetime).notNull()
                t.column("price", .text).notNull() // exact decimal, as text
            }
            try db.create(index: "price_history_by_symbol", on: "price_history", columns: ["symbol", "at"])
        }
    ]
}
