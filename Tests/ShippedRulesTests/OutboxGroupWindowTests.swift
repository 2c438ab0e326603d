import Foundation
import TestSupport
import Testing

@testable import NotifierEngine
@testable import NotifierReminders

@Suite struct OutboxGroupWindowTests {
    static func coin(_ key: String) -> Alert {
        var alert = sampleAlert(key: key, title: "\(key) moved", fragment: "\(key) +6%", noun: "coins moved")
        alert.listView = "crypto"
        return alert
    }

    @Test func alertsOfOneRuleWithinTheWindowBecomeOneGroup() {
        var outbox = Outbox()
        outbox.groupWindow = .seconds(120)
        outbox.submit([Self.coin("BTC")], now: TestTime.at(0))
        #expect(outbox.due(now: TestTime.at(0), calendar: TestTime.tallinn).isEmpty, "still gathering")
        #expect(outbox.nextDueDate(now: TestTime.at(0), calendar: TestTime.tallinn) == TestTime.at(120))
        outbox.submit([Self.coin("ETH")], now: TestTime.at(30))
        outbox.submit([Self.coin("BTC")], now: TestTime.at(60))
        #expect(outbox.due(now: TestTime.at(90), calendar: TestTime.tallinn).isEmpty)
        let delivered = outbox.due(now: TestTime.at(120), calendar: TestTime.tallinn)
        #expect(delivered.map(\.title) == ["2 coins moved: BTC +6%, ETH +6%"])
        #expect(delivered.first?.deepLink == DeepLink.list("crypto"))
        // After the window a new alert starts a new group.
        outbox.submit([Self.coin("SOL")], now: TestTime.at(200))
        #expect(outbox.due(now: TestTime.at(320), calendar: TestTime.tallinn).map(\.title) == ["SOL moved"])
    }

    /// A reminder is one thing to do: two in one poll (or one window) are two bubbles, each
    /// with its own link; a second notice of the same reminder replaces the first.
    @Test func remindersStandAloneInAPollAndInTheWindow() {
        func reminder(_ name: String, _ title: String) -> Alert {
            var alert = Alert(
                rule: "reminder", key: name, title: title, body: "at 09:00 today", urgency: .critical, category: "x-notifier.reminder",
                deepLink: DeepLink(.reminder, argument: name)!, groupFragment: title, groupNoun: "reminders")
            alert.standsAlone = true
            return alert
        }
        var outbox = Outbox()
        outbox.groupWindow = .seconds(120)
        outbox.submit([reminder("pills", "Take the pills"), reminder("tea", "Drink the tea"), reminder("pills", "Take the pills now")], now: TestTime.at(0))
        outbox.submit([reminder("bread", "Take the bread out")], now: TestTime.at(30))
        let delivered = outbox.due(now: TestTime.at(30), calendar: TestTime.tallinn)
        #expect(delivered.map(\.title) == ["Take the pills now", "Drink the tea", "Take the bread out"])
        #expect(delivered.map(\.deepLink.arguments) == [["open", "reminder", "pills"], ["open", "reminder", "tea"], ["open", "reminder", "bread"]])
        #expect(delivered.allSatisfy { $0.members == nil })
    }

    @Test func aZeroWindowDeliversAtOnce() {
        var outbox = Outbox()
        outbox.submit([Self.coin("BTC")], now: TestTime.at(0))
        #expect(outbox.due(now: TestTime.at(0), calendar: TestTime.tallinn).count == 1)
    }
}
