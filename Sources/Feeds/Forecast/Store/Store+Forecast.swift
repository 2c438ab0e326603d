import Foundation
import GRDB
import NotifierCore
import NotifierEngine

/// A stored forecast and when it was fetched.
package struct StoredForecast: Sendable, Equatable {
    package var fetchedAt: Date
    package var forecast: Forecast
}

extension Store {
    package static func placeKey(_ name: String) -> String { ForecastPlace.slug(name).lowercased() }

    /// The newest forecasts of a place, newest first.
    package func forecasts(place: String, limit: Int = 2) throws(StoreError) -> [StoredForecast] {
        try read("reading forecasts") { db in
            try Row.fetchAll(
                db, sql: "SELECT fetched_at, payload FROM forecast WHERE place = ? ORDER BY fetched_at DESC LIMIT ?",
                arguments: [Self.placeKey(place), limit]
            ).compactMap { row in
                guard let forecast = try? JSONDecoder().decode(Forecast.self, from: Data((row["payload"] as String).utf8)) else { return nil }
                return StoredForecast(fetchedAt: row["fetched_at"], forecast: forecast)
            }
        }
    }

    /// Keeps a fetched forecast; those older than `keep` go in the same transaction.
    package func saveForecast(_ forecast: Forecast, at now: Date, keep: TimeInterval = 8 * 86400) throws(StoreError) {
        try write("saving a forecast") { db in
            let payload = String(decoding: try JSONEncoder().encode(forecast), as: UTF8.self)
            try db.execute(
                sql: "INSERT INTO forecast (place, fetched_at, payload) VALUES (?, ?, ?)",
                arguments: [Self.placeKey(forecast.place), now, payload])
            try db.execute(sql: "DELETE FROM forecast WHERE fetched_at < ?", arguments: [now.addingTimeInterval(-keep)])
        }
    }

    package func geocoded(_ name: String) throws(StoreError) -> OpenMeteoDecoder.Match? {
        try read("reading the geocoding cache") { db in
            try Row.fetchOne(db, sql: "SELECT * FROM geocode WHERE name = ?", arguments: [Self.placeKey(name)]).map {
                OpenMeteoDecoder.Match(name: $0["label"], latitude: $0["latitude"], longitude: $0["longitude"])
            }
        }
    }

    package func saveGeocode(_ name: String, _ match: OpenMeteoDecoder.Match, at now: Date) throws(StoreError) {
        try write("caching a geocoded place") { db in
            try db.execute(
                sql: """
                    INSERT INTO geocode (name, latitude, longitude, label, resolved_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(name) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
                    label = excluded.label, resolved_at = excluded.resolved_at
                    """, arguments: [Self.placeKey(name), match.latitude, match.longitude, match.label, now])
        }
    }
}
