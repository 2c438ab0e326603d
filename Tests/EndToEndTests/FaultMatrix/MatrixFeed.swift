import FlyingFox
import Foundation
import Logging
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

/// A feed kind the matrix can run: its server's fixture, and itself pointed at that server
/// (the registered feeds read their server from the config `configure` writes).
protocol MatrixServed: Sendable {
    func matrixFeed() throws -> MatrixFeed
    func serving(_ baseURL: String) -> any FeedKind
}

extension MatrixServed where Self: FeedKind {
    func serving(_ baseURL: String) -> any FeedKind { self }
}

enum MatrixError: Error, CustomStringConvertible {
    case noFixture(String)
    var description: String {
        switch self {
        case .noFixture(let feed): return "the feed '\(feed)' is registered but has no fault-matrix fixture: make its kind MatrixServed"
        }
    }
}

/// One feed as the matrix sees it: its server's routes and healthy answers, how the config
/// points at that server, and its normal cadence.
struct MatrixFeed: Sendable {
    let name: String
    /// Its server's routes, healthy.
    let routes: [(String, LoopbackServer.Handler)]
    /// The answer of its steady-state request, from which the bad bodies derive.
    let healthyBody: Data
    /// A path of its steady-state request, for a redirect loop.
    let loopPath: String
    /// The API's own error answer.
    let errorStatus: HTTPStatusCode
    let errorBody: Data
    /// Data a valid answer may lack: empty arrays are valid data for some feeds.
    let emptyArraysAreValid: Bool
    /// The wait between two polls while it works.
    let cadence: Duration
    /// How far a wait may stray from `cadence`, as a fraction of it: a feed whose polls are
    /// jittered (watches, ±10 %) is on time anywhere within that.
    var cadenceSpread: Double = 0
    let configure: @Sendable (inout Config, String) -> Void
    /// The name of the kind it is a fixture of (set by `all`).
    var kind = ""
    /// The registered kind the daemon runs it as, against a server's base URL (set by `all`).
    var runAs: (@Sendable (String) -> any FeedKind)? = nil

    func isOnCadence(_ wait: Duration) -> Bool {
        abs((wait - cadence) / cadence) <= cadenceSpread
    }

    /// The fixtures of `kinds`, in order; a kind without one is an error that names it.
    static func all(_ kinds: [any FeedKind] = Program.notifier.feeds) throws -> [MatrixFeed] {
        // A feed that fetches nothing (reminders) has no server to fault.
        try kinds.filter { !($0 is any OffTheNetwork || $0 is any StreamedFeed) }.map { kind in
            guard let served = kind as? any MatrixServed else { throw MatrixError.noFixture(kind.name) }
            var feed = try served.matrixFeed()
            feed.kind = kind.name
            feed.runAs = { served.serving($0) }
            return feed
        }
    }

}
