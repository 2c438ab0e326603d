import Foundation
import NotifierEngine
import Testing

@testable import Notifier
@testable import NotifierWatches

/// What a channel carries of an alert: a watched page is what a tap on the phone opens, unless
/// its URL names where a secret goes.
@Suite struct ChannelMessageTests {
    @Test func aWatchedPageIsThePhonesClickAndASecretsURLIsNot() {
        #expect(WatchRule.webPage("https://example.org/status") == "https://example.org/status")
        #expect(WatchRule.webPage("https://example.org/?key=${env:KEY}") == nil)
        #expect(WatchRule.webPage("file:///etc/passwd") == nil)
        #expect(WatchRule.webPage("") == nil)
        var alert = Alert(rule: "watch", key: "status", title: "status: down", body: "was up", category: "x", deepLink: .history)
        alert.webPage = "https://example.org/status"
        let message = ChannelMessage(alert)
        #expect(message.webPage == "https://example.org/status")
        #expect(message.text.hasSuffix("Page: https://example.org/status"))
        #expect(ChannelMessage.headerText("https://example.org/\na: b") == "https://example.org/ a: b", "no header injection")
    }
}
