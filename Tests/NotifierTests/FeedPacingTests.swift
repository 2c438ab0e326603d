import Foundation
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

@Suite struct FeedPacingTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aReloadWaitsOutTheIntervalOnlyWhileTheFeedsSettingsStayTheSame() async {
        let pacing = FeedPacing()
        #expect(await pacing.firstWait(feed: "crypto", settings: "a", interval: .seconds(60), now: start) == nil, "never polled: at once")
        await pacing.polled(feed: "crypto", settings: "a", at: start)
        #expect(await pacing.firstWait(feed: "crypto", settings: "a", interval: .seconds(60), now: start + 20) == .seconds(40))
        #expect(await pacing.firstWait(feed: "crypto", settings: "b", interval: .seconds(60), now: start + 20) == nil, "its settings changed")
        #expect(await pacing.firstWait(feed: "crypto", settings: "a", interval: .seconds(60), now: start + 61) == nil, "already due")
        #expect(await pacing.firstWait(feed: "crypto", settings: "a", interval: .seconds(60), now: start - 5) == nil, "the clock went back")
        #expect(await pacing.firstWait(feed: "forecast", settings: "a", interval: .seconds(60), now: start + 20) == nil, "per feed")
    }
}
