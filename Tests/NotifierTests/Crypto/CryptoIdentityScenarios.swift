import Foundation
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

// This feed's rules as SubjectIdentityTests drives them: two subjects or more that fire.

extension CryptoFeedKind: IdentityScenarios {
    var identityScenarios: [String: @Sendable () throws -> [SubjectReading]] {
        [
            CryptoChangeRule.id: {
                CryptoChangeRule().readings(
                    [CryptoTickers.ticker("BTC", 110, change24h: 6), CryptoTickers.ticker("ETH", 220, change24h: 7)],
                    known: [], previous: [:], locale: SubjectIdentityTests.locale)
            },
            CryptoMoveRule.id: {
                let before = SubjectIdentityTests.start.addingTimeInterval(-300)
                return CryptoMoveRule().readings(
                    [CryptoTickers.ticker("BTC", 110), CryptoTickers.ticker("ETH", 220)],
                    history: ["BTC": [.init(at: before, price: 100)], "ETH": [.init(at: before, price: 200)]],
                    now: SubjectIdentityTests.start, locale: SubjectIdentityTests.locale)
            },
            PriceCrossingRule.id: {
                let levels = try ["BTC > 100", "ETH > 200"].map { try #require(PriceCrossingRule.Level(parsing: $0)) }
                return PriceCrossingRule(levels: levels).readings(
                    [CryptoTickers.ticker("BTC", 110), CryptoTickers.ticker("ETH", 220)], locale: SubjectIdentityTests.locale)
            },
        ]
    }
}
