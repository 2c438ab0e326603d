import Foundation
import Testing

@testable import NotifierEngine

/// The engine against its reference step (`referenceEvaluate`), over random polls: subjects
/// coming and going, readings in the same order as the poll before or shuffled, every kind of
/// policy, mutes and snoozes, records forgotten or written from outside between polls.
@Suite struct RuleEngineEquivalenceTests {
    /// SplitMix64: the same polls on every run.
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let keys = ["crypto_change", "crypto_move"].flatMap { rule in
        (0..<8).map { SubjectKey(rule: rule, subject: "C\($0):\(rule == "crypto_change" ? "up" : "rise")") }
    }
    static let policies = [
        AlertPolicy(), AlertPolicy(cooldown: .seconds(90)), AlertPolicy(forDuration: .seconds(60)),
        AlertPolicy(repeatInterval: .seconds(120), notifyWhenResolved: true),
        AlertPolicy(cooldown: .seconds(30), flap: FlapPolicy(crossings: 2, within: .seconds(600))),
        AlertPolicy(notifyWhenResolved: true, flap: FlapPolicy(crossings: 3, within: .seconds(300))),
    ]

    static func reading(_ key: SubjectKey, _ random: inout Random) -> SubjectReading {
        let value = Double(Int.random(in: -12...12, using: &random))
        let signal: Threshold.Signal? = Int.random(in: 0..<8, using: &random) == 0 ? nil : (value > 5 ? .beyondFire : value < 3 ? .rearmed : .between)
        let policy = policies[keys.firstIndex(of: key)! % 2 == 0 ? 0 : Int.random(in: 0..<policies.count, using: &random)]
        let kind = Int.random(in: 0..<6, using: &random)
        let silentResolution = Bool.random(using: &random)
        return SubjectReading(
            key: key, signal: signal, shownValue: "\(value) %", policy: policy, edgeTriggered: kind == 1, mustSeeRearmFirst: kind == 2,
            anchor: kind == 3 ? value : nil, level: kind == 4 ? nil : "+5 %",
            deeper: kind == 5 ? nil : DeeperMove(value: value, step: 2.5, direction: .above, text: { "\($0) %" })
        ) { emission in
            if emission == .resolved && silentResolution { return nil }
            return Alert(
                rule: key.rule, key: key.subject, title: "\(key.subject) \(emission) \(value)", body: "at \(value)", category: "x",
                deepLink: .history, reason: "\(value) reached")
        }
    }

    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func agreesWithTheReferenceStep(seed: UInt64) {
        var random = Random(state: seed)
        var engine = RuleEngine()
        var reference = RuleEngine()
        // The same polls with each reading handed over in its parts, as crypto_change and
        // crypto_move hand theirs (`PollStep`), where it has no anchor (one part more).
        var stepped = RuleEngine()
        var order = Self.keys
        var now = Self.start
        for poll in 0..<400 {
            now += Double(Int.random(in: 10...90, using: &random))
            // Mostly the order of the poll before, as a feed's readings come; sometimes another.
            switch Int.random(in: 0..<10, using: &random) {
            case 0: order.shuffle(using: &random)
            case 1: order = Self.keys.filter { _ in Int.random(in: 0..<4, using: &random) != 0 }
            case 2: order = Self.keys
            // Two coins of one symbol: one subject read twice in a poll.
            case 3: order.append(Self.keys[Int.random(in: 0..<Self.keys.count, using: &random)])
            default: break
            }
            let readings = order.map { Self.reading($0, &random) }
            switch Int.random(in: 0..<40, using: &random) {
            case 0:
                let mutes = ["crypto_move": now + 200]
                (engine.mutes, reference.mutes, stepped.mutes) = (mutes, mutes, mutes)
            case 1:
                let snoozes = [Self.keys[3]: now + 150, Self.keys[12]: now + 50]
                (engine.snoozes, reference.snoozes, stepped.snoozes) = (snoozes, snoozes, snoozes)
            case 2:
                let forget = { (key: SubjectKey) in key.subject.hasPrefix("C2") }
                let forgotten = reference.forget(where: forget)
                #expect(engine.forget(where: forget) == forgotten)
                #expect(stepped.forget(where: forget) == forgotten)
            case 3:
                // Written from outside, as the store and a desk do.
                engine.records[Self.keys[5]] = SubjectRecord(lastValue: "outside")
                reference.records[Self.keys[5]] = SubjectRecord(lastValue: "outside")
                stepped.records[Self.keys[5]] = SubjectRecord(lastValue: "outside")
            case 4:
                engine.records[Self.keys[9]] = nil
                reference.records[Self.keys[9]] = nil
                stepped.records[Self.keys[9]] = nil
            case 5:
                (engine.updatesBubbles, reference.updatesBubbles, stepped.updatesBubbles) = (
                    !engine.updatesBubbles, !engine.updatesBubbles, !engine.updatesBubbles
                )
            case 6:
                let restored = RuleEngine(records: engine.records, mutes: engine.mutes, snoozes: engine.snoozes)
                engine = restored
                engine.updatesBubbles = reference.updatesBubbles
                stepped = RuleEngine(records: stepped.records, mutes: stepped.mutes, snoozes: stepped.snoozes)
                stepped.updatesBubbles = reference.updatesBubbles
            default: break
            }
            let gap: TimeInterval? = Int.random(in: 0..<10, using: &random) == 0 ? 60 : nil
            let decision = engine.evaluate(readings, now: now, stoppedLongerThan: gap)
            let expected = reference.referenceEvaluate(readings, now: now, stoppedLongerThan: gap)
            #expect(decision.alerts == expected.alerts, "poll \(poll)")
            #expect(decision.changed == expected.changed, "poll \(poll)")
            #expect(
                engine.changedRecords(decision) == Dictionary(expected.changed.map { ($0, reference.records[$0]!) }) { $1 },
                "poll \(poll)")
            #expect(decision.muted == expected.muted, "poll \(poll)")
            #expect(decision.notes == expected.notes, "poll \(poll)")
            #expect(engine.records == reference.records, "poll \(poll)")
            #expect(engine == reference, "poll \(poll)")
            let handedOver = stepped.evaluate(now: now, stoppedLongerThan: gap, expecting: readings.count) { step in
                for reading in readings {
                    guard reading.anchor == nil else {
                        step.take([reading])
                        continue
                    }
                    step.take(
                        key: reading.key, signal: reading.signal, shownValue: reading.shownValue, kind: reading.kind,
                        deeperValue: reading.deeperValue, deeperMargin: reading.deeperMargin, place: reading.place)
                }
            }
            #expect(handedOver.alerts == expected.alerts, "poll \(poll), handed over")
            #expect(handedOver.changed == expected.changed, "poll \(poll), handed over")
            #expect(handedOver.muted == expected.muted, "poll \(poll), handed over")
            #expect(handedOver.notes == expected.notes, "poll \(poll), handed over")
            #expect(stepped == reference, "poll \(poll), handed over")
            if engine.records != reference.records || stepped.records != reference.records { return }
        }
    }

    /// A decision's changed records read after the table moved on: each found by its key, and
    /// one forgotten since left out.
    @Test func changedRecordsAfterTheTableMovedOn() {
        var engine = RuleEngine()
        let first = Self.keys.prefix(12).map { SubjectReading(key: $0, signal: .between, shownValue: "1 %", policy: AlertPolicy()) { _ in nil } }
        _ = engine.evaluate(first, now: Self.start)
        // Read in reverse, so the table is arranged in this poll's order.
        let decision = engine.evaluate(first.reversed(), now: Self.start + 60)
        #expect(decision.changed == first.reversed().map(\.key))
        _ = engine.evaluate(
            [SubjectReading(key: Self.keys[15], signal: .between, shownValue: "2 %", policy: AlertPolicy()) { _ in nil }], now: Self.start + 120)
        _ = engine.forget { $0 == Self.keys[0] }
        let records = engine.changedRecords(decision)
        #expect(records.keys.sorted() == Self.keys[1..<12].sorted())
        #expect(records.allSatisfy { $0.value == engine.record(for: $0.key) })
    }
}
