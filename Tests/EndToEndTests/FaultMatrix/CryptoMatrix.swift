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

extension CryptoFeedKind: MatrixServed { func matrixFeed() throws -> MatrixFeed { try .crypto() } }

extension MatrixFeed {
    /// CoinLore: the first poll resolves the watched coins from `/tickers/`, later ones ask
    /// `/ticker/?id=` for them.
    static func crypto() throws -> MatrixFeed {
        let page = try Samples.data("coinlore_tickers_page1.json")
        let entries = try #require(try JSONSerialization.jsonObject(with: page) as? [String: Any])["data"] as? [[String: Any]] ?? []
        let watched = Array(entries.prefix(20))
        let steady = try JSONSerialization.data(withJSONObject: watched)
        let byID: [String: Data] = Dictionary(
            watched.compactMap { entry in
                guard let id = entry["id"] as? String, let data = try? JSONSerialization.data(withJSONObject: entry) else { return nil }
                return (id, data)
            }
        ) { first, _ in first }
        return MatrixFeed(
            name: CryptoFeed.name,
            routes: [
                ("GET /api/tickers", { _ in LoopbackServer.json(page) }),
                (
                    "GET /api/ticker",
                    { request in
                        let ids = (request.query["id"] ?? "").split(separator: ",").map(String.init)
                        let entries = ids.compactMap { byID[$0] }
                        return LoopbackServer.json(Data("[".utf8) + Data(entries.joined(separator: Data(",".utf8))) + Data("]".utf8))
                    }
                ),
            ],
            healthyBody: steady, loopPath: "/api/ticker/",
            // CoinLore documents no error body; an object where an array belongs is what a
            // service-side error looks like to the decoder.
            errorStatus: .ok, errorBody: Data(#"{"error":"Too many requests, slow down"}"#.utf8),
            emptyArraysAreValid: false, cadence: .seconds(60),
            configure: { config, base in
                config.crypto.baseURL = base + "/api"
                config.crypto.interval = .seconds(60)
            })
    }
}
