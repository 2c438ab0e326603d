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

extension HolidaysFeedKind: MatrixServed { func matrixFeed() throws -> MatrixFeed { .holidays() } }

extension MatrixFeed {
    /// The holiday API (POST), with one folk day a week ahead of the matrix's start.
    static func holidays() -> MatrixFeed {
        let body = Data(#"{"error":false,"holidays":{"2026-12-21":[{"name":"Toomapäev","type":"folk"}]}}"#.utf8)
        return MatrixFeed(
            name: HolidaysFeed.name,
            routes: [("POST /holidays", { _ in LoopbackServer.json(body) })],
            healthyBody: body, loopPath: "/holidays",
            errorStatus: .ok, errorBody: Data(#"{"error":true,"reason":"invalid-api-key"}"#.utf8),
            // An empty list for a day is the API saying "no holidays".
            emptyArraysAreValid: true, cadence: HolidayRound.checkInterval,
            configure: { config, base in
                config.holidays.source = .remote
                config.holidays.baseURL = base + "/holidays"
                config.holidays.apiKey = "matrix-holidays-key-0123"
                config.holidays.cacheTTL = .zero // every check asks the server
            })
    }
}
