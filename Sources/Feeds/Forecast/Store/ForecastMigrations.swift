import GRDB
import NotifierCore

extension StoreMigration {
    /// The forecast tables: every fetched forecast and the places resolved.
    static let forecast: [StoreMigration] = [
        StoreMigration("v5: forecasts") { db in
            // Every fetched forecast, so rules compare with the one before and the view marks changes.
            try db.create(table: "forecast") { t in
                t.column("place", .text).notNull() // the place's slug, lowercased
                t.column("fetched_at", .datetime).notNull()
                t.column("payload", .text).notNull() // the fetched forecast, as JSON
            }
            try db.create(index: "forecast_by_place", on: "forecast", columns: ["place", "fetched_at"])
            // Place names resolved by the geocoding API, once.
            try db.create(table: "geocode") { t in
                t.primaryKey("name", .text)
                t.column("latitude", .double).notNull()
                t.column("longitude", .double).notNull()
                t.column("label", .text).notNull()
                t.column("resolved_at", .datetime).notNull()
            }
        }
    ]
}
