import Foundation
import ProgramTestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// What falls due between two looks at the wall clock: on time, late, missed, several missed,
/// the lead notices; each said once by the engine.
@Suite struct ReminderPlanTests {
    static let zone = TimeZone(identifier: "Europe/Tallinn")!

    static func at(_ text: String) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let (day, time) = ReminderTime.dateTime(text)!
        return calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute))!
    }

    static func reminder(every: String = "daily", at: String = "09:00", leads: [TimeInterval] = [], late: TimeInterval = 7200) -> Reminder {
        Reminder(
            name: "standup", text: "Stand-up", schedule: ReminderTime.schedule(at: at, every: every, skip: "", timeZone: "Europe/Tallinn")!,
            leads: leads, late: late)
    }

    @Test func atItsTimeItIsOnTime() throws {
        let plan = try #require(ReminderPlan.due(Self.reminder(), now: Self.at("2026-11-25 09:00"), checkedThrough: Self.at("2026-11-25 08:59")))
        #expect(plan.kind == .onTime)
        #expect(plan.subject == "standup@2026-11-25T09:00")
        #expect(ReminderRule.alert(for: plan, reminder: Self.reminder(), now: Self.at("2026-11-25 09:00")).body == "at 09:00 today")
    }

    @Test func foundLateAfterASleepItSaysHowLate() throws {
        let now = Self.at("2026-11-25 09:20")
        let plan = try #require(ReminderPlan.due(Self.reminder(), now: now, checkedThrough: Self.at("2026-11-25 08:30")))
        #expect(plan.kind == .late(seconds: 1200))
        #expect(ReminderRule.alert(for: plan, reminder: Self.reminder(), now: now).body == "was due 09:00 (20 min late)")
    }

    @Test func pastLateItIsOneMissedNotice() throws {
        let now = Self.at("2026-11-25 12:00")
        let plan = try #require(ReminderPlan.due(Self.reminder(), now: now, checkedThrough: Self.at("2026-11-25 08:30")))
        #expect(plan.kind == .missed)
        let alert = ReminderRule.alert(for: plan, reminder: Self.reminder(), now: now)
        #expect(alert.title == "Missed: Stand-up")
        #expect(alert.body.hasPrefix("was due 09:00 today, 3 h ago"))
    }

    @Test func severalMissedAreOneNotice() throws {
        let now = Self.at("2026-11-25 09:10")
        let plan = try #require(ReminderPlan.due(Self.reminder(), now: now, checkedThrough: Self.at("2026-11-22 20:00")))
        #expect(plan.kind == .severalMissed(count: 3, lastWithinLate: true))
        #expect(ReminderRule.alert(for: plan, reminder: Self.reminder(), now: now).body == "3 missed, the last at 09:00 today")
    }

    @Test func leadNoticesComeBeforeAndStopBeingTrueAtTheTime() throws {
        let reminder = Self.reminder(every: "wed", leads: [86400, 900])
        let dayBefore = try #require(ReminderPlan.due(reminder, now: Self.at("2026-11-24 09:00"), checkedThrough: Self.at("2026-11-24 08:59")))
        #expect(dayBefore.kind == .lead(seconds: 86400))
        let quarter = try #require(ReminderPlan.due(reminder, now: Self.at("2026-11-25 08:45"), checkedThrough: Self.at("2026-11-25 08:44")))
        #expect(quarter.kind == .lead(seconds: 900))
        #expect(quarter.subject == "standup@2026-11-25T09:00/lead-900")
        let alert = ReminderRule.alert(for: quarter, reminder: reminder, now: Self.at("2026-11-25 08:45"))
        #expect(alert.title == "Stand-up in 15 min")
        #expect(alert.validUntil == Self.at("2026-11-25 09:00"))
        #expect(ReminderPlan.due(reminder, now: Self.at("2026-11-25 08:50"), checkedThrough: Self.at("2026-11-25 08:45")) == nil)
    }

    @Test func aSnoozeComesBackOnceAtItsTime() throws {
        let actions = ReminderActions(snoozedUntil: Self.at("2026-11-25 09:10"), snoozedKey: "2026-11-25T09:00")
        #expect(ReminderPlan.due(Self.reminder(), now: Self.at("2026-11-25 09:05"), checkedThrough: Self.at("2026-11-25 09:01"), actions: actions) == nil)
        let back = try #require(
            ReminderPlan.due(Self.reminder(), now: Self.at("2026-11-25 09:10"), checkedThrough: Self.at("2026-11-25 09:05"), actions: actions))
        #expect(back.kind == .snoozeEnded)
        #expect(ReminderPlan.due(Self.reminder(), now: Self.at("2026-11-25 09:15"), checkedThrough: Self.at("2026-11-25 09:10"), actions: actions) == nil)
    }

    @Test func theEngineSaysEachNoticeOnceAndTheLeadAndTimeShareABubble() throws {
        let reminder = Self.reminder(leads: [900])
        var engine = RuleEngine()
        var shown: [Alert] = []
        var checked = Self.at("2026-11-25 08:40")
        let times = (41...59).map { String(format: "2026-11-25 08:%02d", $0) } + (0...2).map { String(format: "2026-11-25 09:%02d", $0) }
        for now in times.map(Self.at) {
            if let plan = ReminderPlan.due(reminder, now: now, checkedThrough: checked) {
                let decision = engine.evaluate([ReminderRound.reading(plan, reminder: reminder, now: now)], now: now)
                shown += decision.alerts.map(ReminderRound.onTheReminderBubble)
                // The same plan again (a crash before the last look was saved) says nothing.
                #expect(engine.evaluate([ReminderRound.reading(plan, reminder: reminder, now: now)], now: now).alerts.isEmpty)
            }
            checked = now
        }
        #expect(shown.map(\.title) == ["Stand-up in 15 min", "Stand-up"])
        #expect(Set(shown.map { BubblePlan.key(of: $0) }).count == 1)
    }

    @Test func quietHoursDoNotHoldAReminderUnlessItSaysHold() throws {
        var outbox = Outbox(quietHours: QuietHours(start: QuietHours.ClockTime(hour: 22, minute: 0)!, end: QuietHours.ClockTime(hour: 8, minute: 0)!))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.zone
        let now = Self.at("2026-11-25 06:30")
        let plan = try #require(ReminderPlan.due(Self.reminder(at: "06:30"), now: now, checkedThrough: now.addingTimeInterval(-30)))
        var holding = Self.reminder(at: "06:30")
        holding.holdInQuietHours = true
        outbox.submit([ReminderRule.alert(for: plan, reminder: Self.reminder(at: "06:30"), now: now)], now: now)
        #expect(outbox.due(now: now, calendar: calendar).count == 1)
        outbox.submit([ReminderRule.alert(for: plan, reminder: holding, now: now)], now: now)
        #expect(outbox.due(now: now, calendar: calendar).isEmpty)
    }

    @Test func theLastLookDoesNotCloseTheReminderBubble() {
        let look = ReminderRound.lookKey("standup")
        var engine = RuleEngine()
        let reading = SubjectReading(key: look, signal: .between, shownValue: "next", policy: AlertPolicy()) { _ in nil }
        _ = engine.evaluate([reading], now: Self.at("2026-11-25 09:00"))
        let bubbleKey = BubblePlan.key(
            of: ReminderRound.onTheReminderBubble(
                ReminderRule.alert(
                    for: ReminderPlan.due(Self.reminder(), now: Self.at("2026-11-25 09:00"), checkedThrough: Self.at("2026-11-25 08:59"))!,
                    reminder: Self.reminder(), now: Self.at("2026-11-25 09:00"))))
        #expect(bubbleKey != look)
        let stored = [bubbleKey: Bubble(id: 7, value: nil, shownAt: Self.at("2026-11-25 09:00"), closable: true)]
        #expect(BubblePlan().closes(records: engine.records, alerts: [], stored: stored, now: Self.at("2026-11-25 09:30")).isEmpty)
    }
}
