import Foundation
import NotifierCrypto
import NotifierEngine
import Testing

/// The engine's notes: one per decision that changes something, in plain words, never one per poll.
@Suite struct DecisionNoteTests {
    static let key = SubjectKey(rule: "crypto_change", subject: "BTC:down")
    /// 2026-12-23 14:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_798_034_400)
    static let threshold = try! Threshold(direction: .below, fireLevel: -5, rearmLevel: -4)

    static func reading(_ value: Double, policy: AlertPolicy) -> SubjectReading {
        SubjectReading(key: key, signal: threshold.signal(for: value), shownValue: CryptoChangeRule.percent(value), policy: policy) { emission in
            Alert(
                rule: key.rule, key: "BTC", title: "BTC \(emission)", body: "body", category: "x", deepLink: .history,
                reason: "BTC 24h change \(CryptoChangeRule.percent(value)) reached −5 %")
        }
    }

    static func at(minutes: Double) -> Date { start.addingTimeInterval(minutes * 60) }

    /// Runs (minute, value) steps and returns every line noted, as `why` prints them.
    static func lines(_ steps: [(Double, Double)], policy: AlertPolicy, engine: inout RuleEngine, gap: TimeInterval? = nil) -> [String] {
        steps.flatMap { minute, value in
            engine.evaluate([reading(value, policy: policy)], now: at(minutes: minute), stoppedLongerThan: gap).notes
                .map { NoteText.line($0, now: at(minutes: minute), timeZone: .gmt) }
        }
    }

    @Test func aCrossingDuringTheCooldownIsNotedOnceWithWhenItEnds() {
        var engine = RuleEngine()
        engine.timeZone = .gmt
        let policy = AlertPolicy(cooldown: .seconds(3600))
        let lines = Self.lines([(0, -3), (2, -5.2), (10, -3.5), (31, -5.4), (35, -5.6), (40, -6)], policy: policy, engine: &engine)
        #expect(
            lines == [
                "14:02 −5.2 %: notified: BTC 24h change −5.2 % reached −5 %",
                "14:10 −3.5 %: back within its levels; not notified (notify_resolved is off)",
                "14:31 −5.4 %: not notified, cooling down until 15:10 after the 14:02 notification",
            ], "the polls at 14:35 and 14:40 add nothing: the same suppression")
    }

    @Test func aCrossingBackWithoutRearmingIsNotedAsSuch() {
        var engine = RuleEngine()
        engine.timeZone = .gmt
        let lines = Self.lines([(0, -3), (1, -5.5), (2, -4.5), (3, -5.5), (4, -5.6)], policy: AlertPolicy(), engine: &engine)
        #expect(lines.count == 2)
        #expect(
            lines.last
                == "14:03 −5.5 %: not notified, not re-armed: back beyond the level without falling back past the re-arm level since the 14:01 notification")
    }

    @Test func pendingMutedAndSnoozedSayWhy() {
        var engine = RuleEngine(mutes: ["crypto_change": Self.at(minutes: 60)])
        engine.timeZone = .gmt
        let waiting = AlertPolicy(forDuration: .seconds(600))
        let lines = Self.lines([(0, -3), (1, -6), (5, -6), (11, -6)], policy: waiting, engine: &engine)
        #expect(
            lines == [
                "14:01 −6 %: not notified yet, pending: notifies if it holds until 14:11",
                "14:11 −6 %: not notified of the crossing, crypto_change is muted until 15:00",
            ])
        var snoozed = RuleEngine(snoozes: [Self.key: Self.at(minutes: 90)])
        snoozed.timeZone = .gmt
        let outcomes = [(0.0, -3.0), (1, -6)].flatMap { minute, value in
            snoozed.evaluate([Self.reading(value, policy: AlertPolicy())], now: Self.at(minutes: minute)).notes
        }
        #expect(outcomes.map(\.outcome) == [.snoozed])
        #expect(outcomes.first?.detail == "not notified of the crossing, snoozed until 15:30")
    }

    @Test func nothingIsNotedWhileNothingChanges() {
        var engine = RuleEngine()
        let steps = (0..<50).map { (Double($0), $0 % 2 == 0 ? -3.0 : -3.5) }
        #expect(Self.lines(steps, policy: AlertPolicy(), engine: &engine).isEmpty)
    }

    @Test func aSubjectFirstSeenBeyondItsLevelIsNotedNotNotified() {
        var engine = RuleEngine()
        let edge = SubjectReading(key: Self.key, signal: .beyondFire, shownValue: "−7 %", policy: AlertPolicy(), edgeTriggered: true) { _ in nil }
        let decision = engine.evaluate([edge], now: Self.start)
        #expect(decision.alerts.isEmpty)
        #expect(decision.notes.map(\.outcome) == [.firstSeen])
    }

    @Test func aChangeWhileStoppedIsToldAsSuchAndOnlyAfterAGap() {
        var engine = RuleEngine()
        engine.timeZone = .gmt
        _ = engine.evaluate([Self.reading(-3, policy: AlertPolicy())], now: Self.at(minutes: -300)) // 09:00
        // Restarted five hours later, BTC now −9 %: one alert, saying since when.
        let decision = engine.evaluate([Self.reading(-9, policy: AlertPolicy())], now: Self.start, stoppedLongerThan: 600)
        #expect(decision.alerts.count == 1)
        #expect(decision.alerts.first?.body == "Since notifier last ran, 09:00\nbody")
        #expect(decision.notes.map(\.outcome) == [.changedWhileStopped])
        #expect(decision.notes.first?.detail.hasSuffix("changed since notifier last ran, 09:00") == true)
        // Restarted again on the same data: nothing.
        #expect(engine.evaluate([Self.reading(-9, policy: AlertPolicy())], now: Self.at(minutes: 60), stoppedLongerThan: 600).alerts.isEmpty)
        // A change within the gap is an ordinary crossing.
        var running = RuleEngine()
        _ = running.evaluate([Self.reading(-3, policy: AlertPolicy())], now: Self.start)
        let ordinary = running.evaluate([Self.reading(-9, policy: AlertPolicy())], now: Self.at(minutes: 5), stoppedLongerThan: 600)
        #expect(ordinary.notes.map(\.outcome) == [.fired])
        #expect(ordinary.alerts.first?.body == "body")
    }

    @Test func aFeedGoneUnknownNotesEachKnownSubjectOnce() {
        var engine = RuleEngine()
        engine.timeZone = .gmt
        _ = engine.evaluate([Self.reading(-3, policy: AlertPolicy())], now: Self.start)
        let notes = engine.unknownNotes(rules: ["crypto_change"], now: Self.at(minutes: 5))
        #expect(notes.map(\.outcome) == [.feedUnknown])
        #expect(
            notes.first.map { NoteText.line($0, now: Self.at(minutes: 5), timeZone: .gmt) }
                == "14:05 −3 %: not evaluated, the feed failed, state kept as of 14:00")
        #expect(engine.unknownNotes(rules: ["forecast_wind"], now: Self.start).isEmpty)
    }

    @Test func aFeedGoneUnknownIsOneNotePerRuleWithKnownSubjects() {
        var engine = RuleEngine()
        engine.timeZone = .gmt
        _ = engine.evaluate([Self.reading(-3, policy: AlertPolicy())], now: Self.start)
        let notes = engine.feedUnknownNotes(rules: ["crypto_change", "crypto_move"], now: Self.at(minutes: 5))
        #expect(notes.map(\.key) == [SubjectKey(rule: "crypto_change", subject: DecisionNote.everySubject)], "no note for a rule with no subjects")
        #expect(notes.map(\.outcome) == [.feedUnknown] && notes.first?.shownSubject == "(every subject)")
        #expect(
            notes.first.map { NoteText.line($0, now: Self.at(minutes: 5), timeZone: .gmt) }
                == "14:05: not evaluated, the feed failed, state kept as of 14:00 (its 1 subject)")
    }
}
