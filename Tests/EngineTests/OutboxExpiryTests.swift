import Foundation
import TestSupport
import Testing

@testable import NotifierEngine

/// An alert held past the moment its words stopped being true is noted and never shown; what is
/// still true in its group goes out.
@Suite struct OutboxExpiryTests {
    static func reminder(_ subject: String, validUntil: Date?) -> Alert {
        var alert = sampleAlert(rule: "holiday_upcoming", key: subject, fragment: "\(subject) (tomorrow)", noun: "holidays ahead")
        alert.subject = subject
        alert.validUntil = validUntil
        return alert
    }

    @Test func aHeldTomorrowPastMidnightIsNotedNotShownAndItsGroupKeepsTheRest() throws {
        var outbox = Outbox(quietHours: try QuietHours(start: "22:00", end: "08:00"))
        let night = TestTime.tallinn(2026, 12, 23, 23, 0)
        let midnight = TestTime.tallinn(2026, 12, 24, 0, 0)
        outbox.submit([Self.reminder("2026-12-24@1", validUntil: midnight), Self.reminder("2026-12-31@7", validUntil: nil)], now: night)
        #expect(OutboxNotesTests.step(&outbox, at: night).map(\.outcome) == [.heldForQuietHours, .heldForQuietHours])

        let morning = TestTime.tallinn(2026, 12, 24, 8, 0)
        let plan = outbox.plan(now: morning, calendar: TestTime.tallinn)
        #expect(plan.expired.map(\.identity) == ["2026-12-24@1"])
        #expect(plan.alerts.flatMap(\.individualAlerts).map(\.identity) == ["2026-12-31@7"], "the one still true goes out, alone")
        let notes = plan.notes(from: outbox, now: morning)
        #expect(notes.map(\.outcome) == [.delivered, .expiredWhileHeld])
        #expect(notes.last?.detail == "not shown: held until it was no longer true (it said \"2026-12-24@1 moved\"); the rule says it anew")
        #expect(DecisionNote.Outcome.expiredWhileHeld.isSuppression)
        outbox.confirm(plan)
        #expect(outbox.entries.isEmpty)
    }

    @Test func shownBeforeItsTimeIsShownAsItIs() {
        var outbox = Outbox()
        let evening = TestTime.tallinn(2026, 12, 23, 21, 0)
        outbox.submit([Self.reminder("2026-12-24@1", validUntil: TestTime.tallinn(2026, 12, 24, 0, 0))], now: evening)
        let plan = outbox.plan(now: evening, calendar: TestTime.tallinn)
        #expect(plan.expired.isEmpty && plan.alerts.map(\.identity) == ["2026-12-24@1"])
    }
}
