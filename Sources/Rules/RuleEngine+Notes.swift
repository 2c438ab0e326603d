import Foundation

/// The notes of the decisions that tell nothing: why a subject was not notified. Each is noted
/// when it starts, not again while it lasts.
extension RuleEngine {
    func silencedNote(_ reading: SubjectReading, emission: AlertStateMachine.Emission, now: Date) -> DecisionNote {
        let what = emission == .resolved ? "resolution" : "crossing"
        if isMuted(reading.key.rule, now: now), let until = mutes[reading.key.rule] {
            let end = NoteText.muted(until: until, now: now, timeZone: timeZone)
            return DecisionNote(
                key: reading.key, at: now, outcome: .muted, value: reading.shownValue,
                detail: "not notified of the \(what), \(reading.key.rule) is muted \(end)")
        }
        let until = snoozes[reading.key].map { NoteText.clock($0, now: now, timeZone: timeZone) } ?? "later"
        return DecisionNote(
            key: reading.key, at: now, outcome: .snoozed, value: reading.shownValue,
            detail: "not notified of the \(what), snoozed until \(until)")
    }

    /// A step without an emission that still is a decision: a wait begun, a crossing the
    /// cooldown or the hysteresis swallowed, the feed gone unknown.
    func quietNote(_ reading: SubjectReading, before: SubjectRecord, after record: inout SubjectRecord, now: Date) -> DecisionNote? {
        func note(_ outcome: DecisionNote.Outcome, _ detail: String, value: String? = reading.shownValue) -> DecisionNote {
            DecisionNote(key: reading.key, at: now, outcome: outcome, value: value, detail: detail)
        }
        let clock = { (date: Date) in NoteText.clock(date, now: now, timeZone: self.timeZone) }
        // Unknown readings change nothing; the shell notes a feed gone unknown once (`unknownNotes`).
        guard let signal = reading.signal else { return nil }
        switch (before.machine.state, record.machine.state) {
        case (.armed, .pending(let since)), (.coolingDown, .pending(let since)):
            let end = since.addingTimeInterval(reading.policy.forDuration.nonNegativeSeconds)
            return note(.pending, "not notified yet, pending: notifies if it holds until \(clock(end))")
        case (.firing, .coolingDown), (.firing, .armed):
            return note(.resolved, NoteText.silentResolution)
        case (.pending, .armed):
            return note(.pending, "not notified, it fell back before the wait ran out")
        case (.coolingDown, .coolingDown(let until)) where signal == .beyondFire:
            let mark = "cooling_down \(until.timeIntervalSinceReferenceDate)"
            guard record.quietNote != mark else { return nil }
            record.quietNote = mark
            let after = record.lastNotified.map { " after the \(clock($0)) notification" } ?? ""
            return note(.coolingDown, "not notified, cooling down until \(clock(until))\(after)")
        case (.firing, .firing) where signal == .beyondFire && before.lastSignal == .between:
            let since = record.lastNotified.map { " since the \(clock($0)) notification" } ?? ""
            return note(.notRearmed, "not notified, not re-armed: back beyond the level without falling back past the re-arm level\(since)")
        default:
            return nil
        }
    }
}

extension RuleEngine {
    /// A feed's first failure after data, as the rounds note it: one note per rule with known
    /// subjects (`DecisionNote.everySubject`), not one per subject, since it is one event. The
    /// states are kept as of the last poll that observed them (the newest such time is said).
    public func feedUnknownNotes(rules: Set<String>, now: Date) -> [DecisionNote] {
        let known = Dictionary(grouping: records.filter { rules.contains($0.key.rule) }, by: \.key.rule)
        return known.keys.sorted().map { rule in
            let subjects = known[rule] ?? []
            let since =
                subjects.compactMap(\.value.lastEvaluated).max()
                .map { ", state kept as of \(NoteText.clock($0, now: now, timeZone: timeZone))" } ?? ""
            let count = subjects.count == 1 ? "its 1 subject" : "each of its \(subjects.count) subjects"
            return DecisionNote(
                key: SubjectKey(rule: rule, subject: DecisionNote.everySubject), at: now, outcome: .feedUnknown,
                detail: "not evaluated, the feed failed\(since) (\(count))")
        }
    }

    /// A feed's first failure after data: each known subject of its rules is unknown from now,
    /// noted once (the polls failing after it note nothing), its state kept as last observed.
    public func unknownNotes(rules: Set<String>, now: Date) -> [DecisionNote] {
        records.filter { rules.contains($0.key.rule) }.sorted { $0.key < $1.key }.map { key, record in
            let since = record.lastEvaluated.map { ", state kept as of \(NoteText.clock($0, now: now, timeZone: timeZone))" } ?? ""
            return DecisionNote(key: key, at: now, outcome: .feedUnknown, value: record.lastValue, detail: "not evaluated, the feed failed\(since)")
        }
    }
}

/// The plain words of the notes, shared by the engine, `why`, `history` and `--dry-run`.
public enum NoteText {
    static let firstSeen = "not notified, first seen already beyond the level (only a crossing seen happen notifies)"
    static let silentResolution = "back within its levels; not notified (notify_resolved is off)"

    static func notified(_ alert: Alert, emission: AlertStateMachine.Emission) -> String {
        let said = emission == .resolved ? "notified it resolved" : emission == .repeated ? "notified again" : "notified"
        return "\(said): \(alert.reason ?? alert.title)"
    }

    /// How long a mute lasts: "until unmuted", "until 15:02".
    static func muted(until: Date, now: Date, timeZone: TimeZone) -> String {
        until == .distantFuture ? "until unmuted" : "until \(clock(until, now: now, timeZone: timeZone))"
    }

    /// "15:02" on `now`'s day, else "2026-12-22 15:02".
    public static func clock(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        if calendar.isDate(date, inSameDayAs: now) { return time }
        return String(format: "%04d-%02d-%02d ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0) + time
    }

    /// One note as a line: "14:31 −5.4 %: not notified, cooling down until 15:02 after the 14:02 notification".
    public static func line(_ note: DecisionNote, now: Date, timeZone: TimeZone) -> String {
        let value = note.value.map { " \($0)" } ?? ""
        return "\(clock(note.at, now: now, timeZone: timeZone))\(value): \(note.detail)"
    }
}
