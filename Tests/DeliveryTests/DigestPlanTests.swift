import Foundation
import NotifierCore
import NotifierEngine
import Testing

@testable import NotifierDelivery

/// The digest's schedule and words, as the plan decides them.
@Suite struct DigestPlanTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Tallinn")!
        return calendar
    }()
    static let plan = DigestPlan(at: QuietHours.ClockTime(hour: 18, minute: 0)!)

    static func local(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: 2026, month: 11, day: day, hour: hour, minute: minute))!
    }

    static func row(_ title: String, at date: Date, sink: String = "channel phone") -> Delivery {
        Delivery(deliveredAt: date, rule: "crypto_change", key: title, title: title, body: "", urgency: "normal", deepLink: "notifier open history", sink: sink)
    }

    @Test func theFirstIsAtTheNextTimeAfterTheStart() {
        #expect(Self.plan.due(last: nil, start: Self.local(29, 9), calendar: Self.calendar) == Self.local(29, 18))
        #expect(Self.plan.due(last: nil, start: Self.local(29, 19), calendar: Self.calendar) == Self.local(30, 18), "started after today's: tomorrow")
    }

    @Test func oneSleptThroughIsDueAtOnceAndOnlyOnce() {
        let last = Self.local(27, 18)
        let due = Self.plan.due(last: last, start: Self.local(29, 9), calendar: Self.calendar)
        #expect(due == Self.local(28, 18), "due since yesterday: sent as the daemon wakes")
        #expect(Self.plan.due(last: Self.local(29, 9), start: Self.local(29, 9), calendar: Self.calendar) == Self.local(29, 18), "then today's")
    }

    @Test func itListsWhatWentAwayNewestFirstInLocalTime() throws {
        let rows = (0..<7).map { Self.row("alert \($0)", at: Self.local(29, 17, 50 - $0)) }
        let alert = try #require(Self.plan.alert(rows, now: Self.local(29, 18), calendar: Self.calendar))
        #expect(alert.title == "Digest: 7 notifications went to your channels")
        #expect(alert.body.split(separator: "\n").first == "17:50 alert 0 (channel phone)")
        #expect(alert.body.hasSuffix("and 2 more"))
        #expect(alert.key == "2026-11-29" && alert.deepLink == .history)
    }

    @Test func nothingAwayIsNoBubble() {
        #expect(Self.plan.alert([], now: Self.local(29, 18), calendar: Self.calendar) == nil)
    }

    @Test func feedTextStaysOneLine() throws {
        let alert = try #require(Self.plan.alert([Self.row("two\nlines\u{1B}[31m", at: Self.local(29, 17))], now: Self.local(29, 18), calendar: Self.calendar))
        #expect(!alert.body.contains("\u{1B}") && alert.body.split(separator: "\n").count == 1, "\(alert.body)")
    }
}
