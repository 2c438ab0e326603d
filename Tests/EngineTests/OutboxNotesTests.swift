import Foundation
import TestSupport
import Testing

@testable import NotifierEngine

/// What the outbox did with the engine's alerts, noted once each: delivered, grouped, held.
@Suite struct OutboxNotesTests {
    static func engineAlert(_ subject: String) -> Alert {
        var alert = sampleAlert(rule: "crypto_change", key: String(subject.prefix { $0 != ":" }), fragment: subject, noun: "coins moved")
        alert.subject = subject
        return alert
    }

    /// Plans and confirms as the dispatcher does, returning the plan's notes.
    static func step(_ outbox: inout Outbox, at now: Date) -> [DecisionNote] {
        let plan = outbox.plan(now: now, calendar: TestTime.tallinn)
        let notes = plan.notes(from: outbox, now: now)
        outbox.confirm(plan)
        return notes
    }

    @Test func deliveredAloneOrInAGroup() {
        var outbox = Outbox()
        outbox.submit([Self.engineAlert("BTC:down")], now: TestTime.at(0))
        #expect(Self.step(&outbox, at: TestTime.at(0)).map(\.outcome) == [.delivered])
        outbox.submit([Self.engineAlert("BTC:up"), Self.engineAlert("ETH:up")], now: TestTime.at(60))
        let grouped = Self.step(&outbox, at: TestTime.at(60))
        #expect(grouped.map(\.outcome) == [.grouped, .grouped])
        #expect(grouped.first?.detail == "delivered in a group of 2: 2 coins moved: BTC:up, ETH:up")
    }

    @Test func heldForQuietHoursIsNotedOnceThenDeliveredInTheSummary() throws {
        var outbox = Outbox(quietHours: try QuietHours(start: "22:00", end: "08:00"))
        let night = TestTime.tallinn(2026, 12, 23, 23, 0)
        outbox.submit([Self.engineAlert("BTC:down"), sampleAlert(rule: "launch_country", key: "KZ")], now: night)
        let held = Self.step(&outbox, at: night)
        #expect(held.map(\.outcome) == [.heldForQuietHours], "only what an engine decided is noted: \(held)")
        #expect(Self.step(&outbox, at: night.addingTimeInterval(600)).isEmpty, "noted when it happens, not at each plan")
        let morning = Self.step(&outbox, at: TestTime.tallinn(2026, 12, 24, 8, 0))
        #expect(morning.map(\.outcome) == [.delivered])
        #expect(morning.first?.detail.hasPrefix("delivered in a summary of 2 held") == true)
    }

    @Test func beyondTheRateLimitIsNotedAsSuch() {
        var outbox = Outbox(rateLimit: .init(limit: 1, window: .seconds(60)))
        outbox.submit([sampleAlert(rule: "launch_country", key: "KZ")], now: TestTime.at(0))
        _ = Self.step(&outbox, at: TestTime.at(0))
        outbox.submit([Self.engineAlert("BTC:down")], now: TestTime.at(1))
        let notes = Self.step(&outbox, at: TestTime.at(1))
        #expect(notes.map(\.outcome) == [.rateLimited])
        #expect(notes.first?.detail == "held by the rate limit (1 a minute); delivered later in a summary")
    }
}
