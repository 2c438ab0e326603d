import Foundation

@testable import NotifierEngine

/// The engine's step as it was before its records were found through a poll's order: each
/// reading's record looked up by its key. Kept as the reference the faster step must agree with
/// (`RuleEngineEquivalenceTests`), decision for decision and record for record.
extension RuleEngine {
    mutating func referenceEvaluate(_ readings: [SubjectReading], now: Date, stoppedLongerThan gap: TimeInterval? = nil) -> Decision {
        var decision = Decision(alerts: [], changed: [], muted: [])
        var changed: [SubjectKey] = []
        for reading in readings {
            var record = records[reading.key] ?? SubjectRecord()
            let before = record
            if records[reading.key] == nil, let firstSight = Self.referenceFirstSight(reading, now: now) {
                record.machine = firstSight
                record.lastValue = reading.shownValue
                record.lastEvaluated = now
                record.anchor = reading.anchor
                record.lastSignal = reading.signal
                records[reading.key] = record
                changed.append(reading.key)
                if case .firing = firstSight.state {
                    decision.notes.append(
                        DecisionNote(
                            key: reading.key, at: now, outcome: .firstSeen, value: reading.shownValue,
                            detail: NoteText.firstSeen))
                }
                continue
            }
            if let signal = reading.signal {
                record.lastValue = reading.shownValue
                record.lastEvaluated = now
                record.lastSignal = signal
            }
            let stoppedSince = gap.flatMap { gap in before.lastEvaluated.flatMap { now.timeIntervalSince($0) > gap ? $0 : nil } }
            if reading.policy.flap == nil { record.flap = nil }
            if let emission = record.machine.step(reading.signal, now: now, policy: reading.policy) {
                record.quietNote = nil
                let notesBefore = decision.notes.count
                if isSilenced(reading.key, now: now) {
                    decision.muted.append(reading.key)
                    decision.notes.append(silencedNote(reading, emission: emission, now: now))
                } else if var alert = flapAware(emission, reading: reading, record: &record, now: now, notes: &decision.notes) {
                    var outcome = DecisionNote.Outcome(emission)
                    var detail = NoteText.notified(alert, emission: emission)
                    if let stoppedSince {
                        let since = NoteText.clock(stoppedSince, now: now, timeZone: timeZone)
                        alert.body = "Since notifier last ran, \(since)\n" + alert.body
                        outcome = .changedWhileStopped
                        detail += " — changed since notifier last ran, \(since)"
                    }
                    alert.episode = Self.episode(record.machine.state) ?? Self.episode(before.machine.state)
                    decision.alerts.append(alert)
                    record.lastNotified = now
                    decision.notes.append(DecisionNote(key: reading.key, at: now, outcome: outcome, value: reading.shownValue, detail: detail))
                    remember(shown: alert, reading: reading, record: &record, now: now)
                } else if decision.notes.count == notesBefore {
                    decision.notes.append(
                        DecisionNote(
                            key: reading.key, at: now, outcome: DecisionNote.Outcome(emission),
                            value: reading.shownValue, detail: NoteText.silentResolution))
                }
                if emission != .resolved, let anchor = reading.anchor {
                    record.anchor = anchor
                    record.machine = AlertStateMachine()
                }
            } else if let update = deeperUpdate(reading, record: &record, now: now, notes: &decision.notes) {
                decision.alerts.append(update)
            } else if let note = quietNote(reading, before: before, after: &record, now: now) {
                decision.notes.append(note)
            }
            forgetShownUnlessFiring(&record)
            if !isSilenced(reading.key, now: now), let calm = settleFlapping(reading, record: &record, now: now, notes: &decision.notes) {
                decision.alerts.append(calm)
                record.lastNotified = now
            }
            if record != before {
                records[reading.key] = record
                changed.append(reading.key)
            }
        }
        decision.changed = changed
        return decision
    }

    private static func referenceFirstSight(_ reading: SubjectReading, now: Date) -> AlertStateMachine? {
        guard let signal = reading.signal else { return nil }
        if reading.anchor != nil { return AlertStateMachine() }
        let across = reading.mustSeeRearmFirst ? signal != .rearmed : reading.edgeTriggered && signal == .beyondFire
        guard across else { return reading.mustSeeRearmFirst ? AlertStateMachine() : nil }
        return AlertStateMachine(state: .firing(since: now, lastNotified: now))
    }
}
