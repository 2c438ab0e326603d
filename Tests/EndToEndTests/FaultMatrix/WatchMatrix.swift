import FlyingFox
import Foundation
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

// The fault matrix's fixture of this feed: its loopback routes and healthy answers.

extension WatchFeedKind: MatrixServed { func matrixFeed() throws -> MatrixFeed { .watch() } }

extension MatrixFeed {
    /// One watch of a JSON endpoint: a value below its level, so a healthy poll says nothing.
    /// A body without a usable value (wrong types, an error object) is a poll without a value:
    /// logged as a feed's failure, backed off, told by the selector's notice (a health notice).
    static func watch() -> MatrixFeed {
        let body = Data(#"{"value": 50, "unit": "items"}"#.utf8)
        return MatrixFeed(
            name: "watch probe",
            routes: [("GET /watch", { _ in LoopbackServer.json(body) })],
            healthyBody: body, loopPath: "/watch",
            errorStatus: .ok, errorBody: Data(#"{"error":"rate limited"}"#.utf8),
            emptyArraysAreValid: true, cadence: .seconds(60), cadenceSpread: IntervalJitter.watchFraction,
            configure: { config, base in
                var watch = WatchSettings()
                watch.name = "probe"
                watch.url = base + "/watch"
                watch.select = ".value"
                watch.interval = .seconds(60)
                watch.above = 100
                config.watches = [watch]
            })
    }
}
