import Foundation
import TestSupport
import Testing

@testable import NotifierEngine

/// Where a due notification goes, decided from what the session says: the pure part of
/// reaching the person (the readers and senders are tested end to end).
@Suite struct ReachTests {
    static let policy = ReachPolicy(awayAfter: .seconds(300), whenAway: ["phone", "mail"])
    static let now = TestTime.at(0)

    @Test func lockedOrIdlePastAwayAfterIsAwayAndLessIsNot() {
        #expect(Self.policy.whereabouts(Presence(locked: true), now: Self.now) == .away(why: "the screen is locked"))
        #expect(Self.policy.whereabouts(Presence(idleSince: Self.now.addingTimeInterval(-299)), now: Self.now) == .present)
        #expect(Self.policy.whereabouts(Presence(idleSince: Self.now.addingTimeInterval(-720)), now: Self.now) == .away(why: "idle for 12 min"))
        #expect(Self.policy.whereabouts(.unknown, now: Self.now) == .present)
        var never = Self.policy
        never.awayAfter = .zero
        #expect(never.whereabouts(Presence(locked: true), now: Self.now) == .present, "\"0s\": never away")
    }

    @Test func awayGoesToTheChannelsInsteadOfTheDesktopPresentStaysHere() {
        let alert = sampleAlert(key: "BTC", title: "BTC rose")
        let away = Self.policy.route(alert, whereabouts: .away(why: "the screen is locked"))
        #expect(away == Route(desktop: false, channels: ["phone", "mail"], fallbackFrom: ["phone", "mail"]))
        #expect(Self.policy.route(alert, whereabouts: .present) == Route(desktop: true, channels: []))
        // A rule's own channel goes too, either way; one named both ways is sent once.
        #expect(Self.policy.route(alert, whereabouts: .present, alsoTo: ["phone"]) == Route(desktop: true, channels: ["phone"]))
        #expect(
            Self.policy.route(alert, whereabouts: .away(why: "x"), alsoTo: ["phone"])
                == Route(desktop: false, channels: ["phone", "mail"], fallbackFrom: ["phone", "mail"]))
        var deskOnly = Self.policy
        deskOnly.whenAway = []
        #expect(deskOnly.route(alert, whereabouts: .away(why: "x")) == Route(desktop: true, channels: []), "[]: this desktop, as before")
    }

    @Test func theReturnIsToldOnceWithWhatWentElsewhere() {
        var spell = AwaySpell()
        #expect(spell.observe(.present, now: Self.now) == .unchanged)
        #expect(spell.observe(.away(why: "locked"), now: Self.now) == .wentAway)
        spell.record(sampleAlert(key: "BTC", title: "BTC rose"))
        spell.record(sampleAlert(key: "ETH", title: "ETH fell"))
        #expect(spell.observe(.away(why: "locked"), now: Self.now.addingTimeInterval(60)) == .unchanged)
        guard case .returned(let since, let recap) = spell.observe(.present, now: Self.now.addingTimeInterval(600)) else {
            Issue.record("no return")
            return
        }
        #expect(since == Self.now)
        #expect(recap.map(\.title) == ["BTC rose", "ETH fell"])
        #expect(spell.observe(.present, now: Self.now.addingTimeInterval(700)) == .unchanged, "told once")
        let bubble = AwaySpell.recap(recap, now: Self.now)
        #expect(bubble.title == "While you were away: 2")
        #expect(bubble.body == "BTC rose\nETH fell")
        #expect(bubble.deepLink.historyGroup != nil, "a click opens just those")
        // Present, nothing is remembered.
        var present = AwaySpell()
        present.record(sampleAlert(key: "BTC", title: "BTC rose"))
        #expect(present.sent.isEmpty)
    }

    @Test func doNotDisturbHoldsAllButCriticalAndOneSummaryComesAfter() {
        var outbox = Outbox()
        outbox.doNotDisturb = true
        outbox.submit([sampleAlert(rule: "a", key: "1", title: "one")], now: Self.now)
        outbox.submit([sampleAlert(rule: "b", key: "2", title: "two")], now: Self.now)
        outbox.submit([sampleAlert(rule: "c", key: "3", title: "storm", urgency: .critical)], now: Self.now)
        #expect(outbox.due(now: Self.now, calendar: TestTime.tallinn).map(\.title) == ["storm"], "critical passes")
        #expect(outbox.entries.map(\.heldFor) == [.doNotDisturb, .doNotDisturb])
        #expect(outbox.nextDueDate(now: Self.now, calendar: TestTime.tallinn) == nil, "the desktop says when it ends")
        #expect(outbox.held.map(\.detail) == Array(repeating: "held for the desktop's do-not-disturb; delivered in a summary when it ends", count: 2))
        outbox.doNotDisturb = false
        let after = outbox.due(now: Self.now.addingTimeInterval(60), calendar: TestTime.tallinn)
        #expect(after.map(\.title) == ["2 notifications during do-not-disturb"])
        #expect(after.first?.key == "do_not_disturb")
        #expect(outbox.pendingCount == 0)
    }

    @Test func whatTheRateLimitHeldWaitsOutDoNotDisturbToo() {
        var outbox = Outbox(rateLimit: Outbox.RateLimit(limit: 1, window: .seconds(60)))
        outbox.submit([sampleAlert(rule: "a", key: "1", title: "one")], now: Self.now)
        outbox.submit([sampleAlert(rule: "b", key: "2", title: "two")], now: Self.now)
        #expect(outbox.due(now: Self.now, calendar: TestTime.tallinn).map(\.title) == ["one"])
        outbox.doNotDisturb = true
        #expect(outbox.due(now: Self.now.addingTimeInterval(120), calendar: TestTime.tallinn).isEmpty, "no summary bubble during it")
        outbox.doNotDisturb = false
        #expect(outbox.due(now: Self.now.addingTimeInterval(180), calendar: TestTime.tallinn).map(\.title) == ["two"])
    }

    @Test func idleWithoutASinceIsAwayWithoutAFigure() {
        #expect(Self.policy.whereabouts(Presence(idleSince: .distantPast), now: Self.now) == .away(why: "the session is idle"))
    }
}
