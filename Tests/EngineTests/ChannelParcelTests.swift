import Foundation
import Testing

@testable import NotifierEngine

/// What a channel refused waits longer after each failure, and is given up after a day.
@Suite struct ChannelParcelTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let alert = Alert(rule: "crypto_cross", key: "BTC", title: "BTC rose above $100,000", body: "", category: "x", deepLink: .history)

    @Test func eachFailureWaitsLongerUpToHalfAnHour() {
        var parcel = ChannelParcel(channel: "phone", alert: alert, failedAt: start, error: "500")
        var waits = [parcel.nextTry.timeIntervalSince(start)]
        var now = start
        for _ in 0..<7 {
            now = parcel.nextTry
            guard let next = parcel.failedAgain(at: now, error: "500") else { break }
            waits.append(next.nextTry.timeIntervalSince(now))
            parcel = next
        }
        #expect(waits == [30, 60, 120, 300, 900, 1800, 1800, 1800])
        #expect(parcel.attempts == 8)
        #expect(!parcel.isDue(now) && parcel.isDue(parcel.nextTry))
    }

    @Test func aDayAfterTheFirstTryItIsGivenUp() {
        let parcel = ChannelParcel(channel: "phone", alert: alert, failedAt: start, error: "500")
        #expect(parcel.failedAgain(at: start.addingTimeInterval(23 * 3600), error: "500") != nil)
        #expect(parcel.failedAgain(at: start.addingTimeInterval(24 * 3600), error: "500") == nil)
    }
}
