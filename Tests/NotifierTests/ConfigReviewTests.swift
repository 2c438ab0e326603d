import Foundation
import Testing

@testable import Notifier

/// What `config check` adds to loading: the secrets a watch needs now, a watch that would
/// tell nothing.
@Suite struct ConfigReviewTests {
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
