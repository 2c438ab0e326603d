import Foundation
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierEngine

@Suite struct StoreTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func alert(_ key: String) -> Alert {
        Alert(rule: "crypto_change", key: key, title: "\(key) +6 %", body: "b", category: "x", deepLink: .history, reason: "\(key) 24h +6 % reached +5 %")
    }

    @Test func engineStateAndOutboxSurviveReopening() throws {
        let sandbox = try Sandbox()
        let threshold = try Threshold(direction: .above, fireLevel: 5, rearmLevel: 4)
        var engine = RuleEngine()
        let key = SubjectKey(rule: "crypto_change", subject: "BTC:up")
        let decision = engine.evaluate(
            [
                SubjectReading(
                    key: key, signal: threshold.signal(for: 6), shownValue: "+6 %",
                    policy: AlertPolicy()
                ) { _ in alert("BTC") }
            ], now: now)
        var outbox = Outbox()
        outbox.submit(decision.alerts, now: now)
        do {
            let store = try Store(path: sandbox.storeFile.path)
            try store.commit(records: engine.records, outbox: outbox, now: now)
            try store.setMute(rule: "forecast_rain", until: now.addingTimeInterval(7200))
        }
        let reopened = try Store(path: sandbox.storeFile.path)
        let loaded = try reopened.loadEngine()
        #expect(loaded.records == engine.records)
        #expect(loaded.isMuted("forecast_rain", now: now))
        #expect(try reopened.loadOutbox() == outbox)

        var delivering = try reopened.loadOutbox()
        let due = delivering.due(now: now, calendar: Calendar(identifier: .gregorian))
        #expect(due.map(\.key) == ["BTC"])
        let delivery = Delivery(
            deliveredAt: now, rule: due[0].rule, key: due[0].key, title: due[0].title, body: due[0].body,
            urgency: "normal", deepLink: due[0].deepLink.command, sink: "json", reason: due[0].reason ?? "")
        try reopened.markDelivered([delivery], outbox: delivering, now: now)
        #expect(try reopened.loadOutbox().pendingCount == 0, "nothing left to deliver again after a restart")
        #expect(try reopened.history(limit: 5).first?.reason == "BTC 24h +6 % reached +5 %")
    }

    @Test func feedHealthIsKept() throws {
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path)
        var health = FeedHealth(degradedAfter: 2)
        _ = health.recordFailure(now: now)
        try store.saveFeedHealth(feed: "crypto", health: health, lastError: "crypto feed: GET … answered HTTP 500", now: now)
        let loaded = try #require(try store.feedHealth(feed: "crypto"))
        #expect(loaded.health == health)
        #expect(loaded.lastError?.contains("HTTP 500") == true)
        #expect(try store.feedHealth(feed: "forecast") == nil)
    }
}
