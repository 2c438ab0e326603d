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

extension CountriesFeedKind: MatrixServed { func matrixFeed() throws -> MatrixFeed { try .countries() } }

extension MatrixFeed {
    /// REST Countries v5 (the remote source), one page.
    static func countries() throws -> MatrixFeed {
        let page = Data(
            String(decoding: try Samples.data("restcountries_v5_countries_page.json"), as: UTF8.self)
                .replacingOccurrences(of: "\"more\": true", with: "\"more\": false").utf8)
        return MatrixFeed(
            name: CountriesFeed.name,
            routes: [("GET /countries/v5", { _ in LoopbackServer.json(page) })],
            healthyBody: page, loopPath: "/countries/v5",
            errorStatus: .unauthorized, errorBody: Data(#"{"errors":[{"message":"Authorization key required."}]}"#.utf8),
            emptyArraysAreValid: false, cadence: .seconds(120),
            configure: { config, base in
                config.countries.source = .restCountriesV5
                config.countries.baseURL = base + "/countries/v5"
                config.countries.apiKey = "matrix-countries-key-0123"
                config.countries.interval = .seconds(120)
            })
    }
}
