import Foundation
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierDelivery
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// What a channel carries of an alert: a watched page is what a tap on the phone opens, unless
/// its URL names where a secret goes.
@Suite struct ChannelMessageTests {
    @Test func aWatchedPageIsThePhonesClickAndASecretsURLIsNot() throws {
        #expect(WatchRule.webPage("https://example.org/status") == "https://example.org/status")
        #expect(WatchRule.webPage("https://example.org/?key=${env:KEY}") == nil)
        #expect(WatchRule.webPage("file:///etc/passwd") == nil)
        #expect(WatchRule.webPage("") == nil)
        var alert = Alert(rule: "watch", key: "status", title: "status: down", body: "was up", category: "x", deepLink: .history)
        alert.webPage = "https://example.org/status"
        let message = ChannelMessage(alert)
        #expect(message.webPage == "https://example.org/status")
        #expect(message.text.hasSuffix("Page: https://example.org/status"))
        let actions = try #require(message.ntfyActions.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) } as? [[String: Any]])
        #expect(actions.count == 1 && actions[0]["action"] as? String == "view" && actions[0]["url"] as? String == "https://example.org/status")
        #expect(ChannelMessage(Alert(rule: "r", key: "k", title: "t", body: "", category: "x", deepLink: .history)).ntfyActions == nil)
        #expect(ChannelMessage.headerText("https://example.org/\na: b") == "https://example.org/ a: b", "no header injection")
    }

    @Test func aCommandsFieldsAreFilledOnceAndWhatTheyBringStaysText() {
        let alert = Alert(rule: "watch", key: "k", title: "{urgency} {link}", body: "{title}{body}", category: "x", deepLink: .history)
        let message = ChannelMessage(alert)
        let filled = ChannelSender.commandArguments(["{title}", "<{body}>", "{link}|{urgency}", "{\"t\":\"{title}\"}", "{nope} {", "plain"], for: message)
        #expect(filled == ["{urgency} {link}", "<{title}{body}>", "notifier history|normal", "{\"t\":\"{urgency} {link}\"}", "{nope} {", "plain"])
    }

    @Test func aMailBodyIsWrittenAsItIsForLibcurlToDotStuffOnce() {
        let alert = Alert(rule: "watch", key: "k", title: "t", body: ".price changed\n..twice", category: "x", deepLink: .history)
        let mail = String(decoding: MailSender.message(ChannelMessage(alert), from: "a@example.org", to: "b@example.org", date: Date()), as: UTF8.self)
        #expect(mail.contains("\r\n\r\n.price changed\r\n..twice\r\n"), "\(mail)")
    }

    @Test func theSequenceIDNamesRuleSubjectAndEpisodeInNtfysAlphabetAndLength() {
        let episode = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(ChannelMessage.sequenceID(rule: "crypto_cross", identity: "BTC:above:100000", episode: episode) == "crypto_cross-BTC-above-100000-tro8w0")
        let long = ChannelMessage.sequenceID(rule: "watch", identity: String(repeating: "ü", count: 100), episode: episode)
        #expect(long.count == 64 && long.hasSuffix("-tro8w0"))
        #expect(ChannelMessage.sequenceID(rule: "watch", identity: "a b") == "watch-a-b")
    }
}
