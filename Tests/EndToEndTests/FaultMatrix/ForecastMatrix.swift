import FlyingFox
import Foundation
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

// The fault matrix's fixture of this feed: its loopback routes and healthy answers.

extension ForecastFeedKind: MatrixServed { func matrixFeed() throws -> MatrixFeed { .forecast() } }

extension MatrixFeed {
    /// Open-Meteo, one place given by its coordinates (no geocoding), seven calm days from the
    /// matrix's start.
    static func forecast() -> MatrixFeed {
        let days = (0..<7).map { "\"2026-12-\(14 + $0)\"" }.joined(separator: ",")
        func column(_ value: String) -> String { Array(repeating: value, count: 7).joined(separator: ",") }
        let body = Data(
            """
            {"latitude":59.44,"longitude":24.75,"timezone":"Europe/Tallinn",
             "daily":{"time":[\(days)],"temperature_2m_min":[\(column("-3.5"))],"temperature_2m_max":[\(column("1.5"))],
             "precipitation_probability_max":[\(column("10"))],"precipitation_sum":[\(column("0.0"))],
             "weather_code":[\(column("3"))],"wind_gusts_10m_max":[\(column("20.0"))]}}
            """.utf8)
        return MatrixFeed(
            name: ForecastFeed.name,
            routes: [("GET /v1/forecast", { _ in LoopbackServer.json(body) })],
            healthyBody: body, loopPath: "/v1/forecast",
            errorStatus: .badRequest,
            errorBody: Data(#"{"error":true,"reason":"Cannot initialize WeatherVariable from invalid String value tempeture_2m"}"#.utf8),
            emptyArraysAreValid: false, cadence: .seconds(120),
            configure: { config, base in
                config.forecast.enabled = true
                config.forecast.source = .openMeteo
                config.forecast.baseURL = base + "/v1"
                config.forecast.interval = .seconds(120)
                config.forecast.places = [ForecastPlace(name: "Tallinn", latitude: 59.437, longitude: 24.7535)]
            })
    }
}
