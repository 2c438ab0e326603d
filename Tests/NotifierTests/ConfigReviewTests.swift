import Foundation
import NotifierSystem
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

/// What `config check` adds to loading: a typo's likely meaning, the secrets a watch needs now,
/// a watch that would tell nothing.
@Suite struct ConfigReviewTests {
    @Test(
        arguments: [
            ("watch", ["watches", "reminders"], "watches"), ("reminder", ["watches", "reminders"], "reminders"),
            ("abvoe", ["above", "below"], "above"), ("colour", ["name", "level"], nil), ("x", ["y"], nil),
        ] as [(String, [String], String?)])
    func aTypoFindsTheNameItMeant(_ typed: String, _ known: [String], _ meant: String?) {
        #expect(NearName.closest(to: typed, among: known) == meant)
    }

    @Test func aWatchNeedsItsSecretsOnlyWhenChecked() {
        var watch = WatchSettings()
        watch.name = "private"
        watch.url = "https://example.org/x?token=${env:SURELY_UNSET_VARIABLE_4b}"
        watch.select = ".n"
        #expect(watch.check() == nil, "loading needs no secret")
        #expect(watch.unresolvedSecret()?.key == "url")
        #expect(watch.unresolvedSecret()?.message.contains("SURELY_UNSET_VARIABLE_4b is not set") == true)
        #expect(watch.advice()?.message.contains("has no condition") == true)
        watch.above = 1
        #expect(watch.advice() == nil)
        watch.enabled = false
        #expect(watch.unresolvedSecret() == nil, "a watch that is off needs none")
    }
}
