import Foundation
import NotifierEngine
import Testing

/// Which bubble an alert updates and which close: pure, with injected dates.
struct BubblePlanTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000) // 2027-01-15 08:00 UTC
    let plan = BubblePlan(updateInPlace: true, timeZone: .gmt)
    let key = SubjectKey(rule: "crypto_change", subject: "BTC:down")

    func alert(_ title: String, value: String, emission: AlertStateMachine.Emission?) -> Alert {
        var alert = Alert(rule: "crypto_change", key: "BTC", title: title, body: "", category: "x", deepLink: .history)
        alert.subject = "BTC:down"
        alert.value = value
        alert.emission = emission
        return alert
    }

    @Test func aDeeperMoveUpdatesTheBubbleAndSaysWhatItWas() {
        let stored = [key: Bubble(id: 7, value: "−5 %", shownAt: t0, closable: true)]
        let placed = plan.place(alert("BTC −8 % in 24h ▼", value: "−8 %", emission: .repeated), stored: stored, now: t0 + 1800)
        #expect(placed.replaces == 7)
        #expect(placed.alert.title == "BTC −8 % in 24h ▼, was −5 % at 08:00")
        #expect(plan.bubble(placed, id: 7, now: t0 + 1800) == Bubble(id: 7, value: "−8 %", shownAt: t0 + 1800, closable: true))
    }

    @Test func noBubbleAnExpiredOneOrTheSettingOffMeansANewBubble() {
        let stored = [key: Bubble(id: 7, value: "−5 %", shownAt: t0, closable: true)]
        let new = alert("BTC −8 % in 24h ▼", value: "−8 %", emission: .fired)
        #expect(plan.place(new, stored: [:], now: t0).replaces == nil)
        #expect(plan.place(new, stored: stored, now: t0 + BubblePlan.lifetime).replaces == nil)
        #expect(BubblePlan(updateInPlace: false).place(new, stored: stored, now: t0).replaces == nil)
        let same = [key: Bubble(id: 7, value: "−8 %", shownAt: t0, closable: true)]
        #expect(plan.place(new, stored: same, now: t0).alert.title == "BTC −8 % in 24h ▼", "the same value says no \"was\"")
    }

    @Test func aResolutionKeepsItsBubbleWhichThenStays() {
        let stored = [key: Bubble(id: 7, value: "−5 %", shownAt: t0, closable: true)]
        let placed = plan.place(alert("BTC back within ±5 %", value: "−2 %", emission: .resolved), stored: stored, now: t0 + 60)
        #expect(placed.replaces == 7)
        #expect(plan.bubble(placed, id: 7, now: t0 + 60).closable == false)
    }

    @Test func aSilentResolutionClosesTheFiringBubbleOnly() {
        let firing = SubjectRecord(machine: AlertStateMachine(state: .firing(since: t0, lastNotified: t0)))
        let resolved = SubjectRecord(machine: AlertStateMachine(state: .coolingDown(until: t0 + 3600)))
        let other = SubjectKey(rule: "crypto_change", subject: "ETH:down")
        let stored = [
            key: Bubble(id: 7, value: "−5 %", shownAt: t0, closable: true),
            other: Bubble(id: 8, value: "−5 %", shownAt: t0, closable: false),
        ]
        let closes = plan.closes(records: [key: resolved, other: resolved], alerts: [], stored: stored, now: t0 + 60)
        #expect(closes.map(\.id) == [7], "a bubble that is no firing alert's stays")
        #expect(plan.closes(records: [key: firing], alerts: [], stored: stored, now: t0 + 60).isEmpty)
        let spoken = alert("BTC back", value: "−2 %", emission: .resolved)
        #expect(plan.closes(records: [key: resolved], alerts: [spoken], stored: stored, now: t0 + 60).isEmpty, "its resolution updates it instead")
        var anchored = resolved
        anchored.anchor = 100
        #expect(plan.closes(records: [key: anchored], alerts: [], stored: stored, now: t0 + 60).isEmpty)
    }

    /// Updates: over the live bubble with "was …" in the body, else dropped and noted so.
    @Test func anUpdateGoesOverItsLiveBubbleOrNowhere() {
        let stored = [key: Bubble(id: 7, value: "−5 %", shownAt: t0, closable: true)]
        var update = alert("BTC −8 % in 24h ▼", value: "−8 %", emission: .updated)
        update.body = "Bitcoin: $61,000"
        let note = DecisionNote(key: key, at: t0 + 1800, outcome: .updated, value: "−8 %", detail: "updated the bubble shown at 08:00 (was −5 %)")
        let shown = plan.settle(updates: [update], notes: [note], stored: stored, quiet: false, now: t0 + 1800)
        #expect(shown.placements.map(\.replaces) == [7])
        #expect(shown.placements.first?.alert.title == "BTC −8 % in 24h ▼", "the title is the fire's, unchanged")
        #expect(shown.placements.first?.alert.body == "was −5 % at 08:00\nBitcoin: $61,000")
        #expect(shown.notes == [note])
        #expect(shown.placements.first.map { plan.bubble($0, id: 7, now: t0 + 1800).closable } == true, "it still closes on a silent resolution")

        for (bubbles, quiet, words) in [
            ([:], false, "no longer on screen"), (stored, true, "quiet hours"),
            ([key: Bubble(id: 7, value: "−5 %", shownAt: t0 - BubblePlan.lifetime, closable: true)], false, "no longer on screen"),
        ] {
            let dropped = plan.settle(updates: [update], notes: [note], stored: bubbles, quiet: quiet, now: t0 + 1800)
            #expect(dropped.placements.isEmpty, "never a new bubble")
            #expect(dropped.notes.map(\.outcome) == [.updateDropped] && dropped.notes[0].detail.contains(words), "\(dropped.notes)")
            #expect(dropped.notes.first?.outcome.isSuppression == true)
        }
        #expect(BubblePlan(updateInPlace: false).settle(updates: [update], notes: [note], stored: stored, quiet: false, now: t0).placements.isEmpty)
    }

    @Test func aGroupIsKeptPerRule() {
        var group = alert("2 coins moved", value: "", emission: nil)
        group.members = [alert("a", value: "1", emission: .fired), alert("b", value: "2", emission: .fired)]
        #expect(BubblePlan.key(of: group) == SubjectKey(rule: "crypto_change", subject: "group"))
        let stored = [SubjectKey(rule: "crypto_change", subject: "group"): Bubble(id: 3, value: nil, shownAt: t0, closable: false)]
        #expect(plan.place(group, stored: stored, now: t0 + 60).replaces == 3)
    }
}
