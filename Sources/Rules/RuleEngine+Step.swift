import Foundation

extension RuleEngine {
    /// Steps one subject's record, in place, with its reading; whether it changed. Called on an
    /// engine without records (`withoutRecords`), so that the record can be one of `records`,
    /// stepped where it lies rather than copied out and back; the reading too is read where it
    /// lies in the poll's array, and copied only for the long way.
    func step(
        _ record: inout SubjectRecord, with lent: UnsafePointer<SubjectReading>, now: Date, stoppedLongerThan gap: TimeInterval?,
        decision: inout Decision
    ) -> Bool {
        Self.stepQuietly(
            &record, signal: lent.pointee.signal, shownValue: lent.pointee.shownValue, kind: lent.pointee.kind,
            deeperValue: lent.pointee.deeperValue, deeperMargin: lent.pointee.deeperMargin, place: lent.pointee.place, now: now)
            ?? stepTheLongWay(&record, with: lent.pointee, now: now, stoppedLongerThan: gap, decision: &decision)
    }

    /// `step` of a reading handed over in its parts (`PollStep`): the quiet step reads them as
    /// they are, and only the long way makes the reading. Putting each reading together first
    /// retained and released its key, text and kind, and cost more than the array it saves.
    func step(
        _ record: inout SubjectRecord, key: SubjectKey, signal: Threshold.Signal?, shownValue: String, kind: ReadingKind,
        deeperValue: Double?, deeperMargin: Double, place: Int, now: Date, stoppedLongerThan gap: TimeInterval?, decision: inout Decision
    ) -> Bool {
        Self.stepQuietly(
            &record, signal: signal, shownValue: shownValue, kind: kind, deeperValue: deeperValue, deeperMargin: deeperMargin, place: place,
            now: now)
            ?? stepTheLongWay(
                &record,
                with: SubjectReading(
                    key: key, signal: signal, shownValue: shownValue, kind: kind, deeperValue: deeperValue, deeperMargin: deeperMargin,
                    place: place),
                now: now, stoppedLongerThan: gap, decision: &decision)
    }

    /// `step` of a reading the quiet step does not take: an emission, a deeper move, a note.
    private func stepTheLongWay(
        _ record: inout SubjectRecord, with reading: SubjectReading, now: Date, stoppedLongerThan gap: TimeInterval?,
        decision: inout Decision
    ) -> Bool {
        let before = record
        // Unknown readings change nothing, not even the shown value: what the user sees in
        // `notifier rules` is the last value actually observed.
        if let signal = reading.signal {
            record.lastValue = reading.shownValue
            record.lastEvaluated = now
            record.lastSignal = signal
        }
        let stoppedSince = gap.flatMap { gap in before.lastEvaluated.flatMap { now.timeIntervalSince($0) > gap ? $0 : nil } }
        if reading.policy.flap == nil { record.flap = nil }
        if let emission = record.machine.step(reading.signal, now: now, policy: reading.policy) {
            record.quietNote = nil
            // A muted rule keeps its state true to the data, so unmuting does not replay.
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
        } else if reading.signal == .beyondFire, let shown = record.shownMeasure, reading.isDeeper(than: shown),
            let update = deeperUpdate(reading, record: &record, now: now, notes: &decision.notes)
        {
            decision.alerts.append(update)
        } else if let note = quietNote(reading, before: before, after: &record, now: now) {
            decision.notes.append(note)
        }
        forgetShownUnlessFiring(&record)
        if reading.policy.flap != nil, reading.signal != nil, !isSilenced(reading.key, now: now),
            let calm = settleFlapping(reading, record: &record, now: now, notes: &decision.notes)
        {
            decision.alerts.append(calm)
            record.lastNotified = now
        }
        return record != before
    }

    /// The step of most of a poll's readings, without copying the record to compare: an armed
    /// subject not beyond its level, or a firing one still beyond it with nothing due (no repeat,
    /// no deeper move, no flapping kept). Only what was seen changes, as `step` would change it;
    /// whether it changed, or `nil` for any other reading, which `step` takes the long way.
    private static func stepQuietly(
        _ record: inout SubjectRecord, signal: Threshold.Signal?, shownValue: String, kind: ReadingKind, deeperValue: Double?,
        deeperMargin: Double, place: Int, now: Date
    ) -> Bool? {
        guard let signal, kind.traits.policy.flap == nil, record.flap == nil else { return nil }
        switch record.machine.state {
        case .armed:
            guard signal != .beyondFire, record.shownMeasure == nil, record.shownAt == nil else { return nil }
        case .firing(_, let lastNotified):
            guard signal == .beyondFire, record.lastSignal == .beyondFire, lastNotified <= now,
                kind.traits.policy.effectiveRepeatSeconds == nil
            else { return nil }
            if let shown = record.shownMeasure,
                SubjectReading.isDeeper(deeperValue, margin: deeperMargin, kind: kind, place: place, than: shown)
            {
                return nil
            }
        case .pending, .coolingDown:
            return nil
        }
        let changed = record.lastEvaluated != now || record.lastSignal != signal || record.lastValue != shownValue
        record.lastValue = shownValue
        record.lastEvaluated = now
        record.lastSignal = signal
        return changed
    }

    /// This engine's silences and settings, without its records: what a step reads of it.
    var withoutRecords: RuleEngine {
        var rules = RuleEngine(mutes: mutes, snoozes: snoozes)
        rules.timeZone = timeZone
        rules.updatesBubbles = updatesBubbles
        return rules
    }
}
