import Foundation

public struct SubjectKey: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    public var rule: String
    public var subject: String

    public init(rule: String, subject: String) {
        self.rule = rule
        self.subject = subject
    }

    public var description: String { "\(rule)/\(subject)" }

    public static func < (lhs: SubjectKey, rhs: SubjectKey) -> Bool {
        (lhs.rule, lhs.subject) < (rhs.rule, rhs.subject)
    }
}

/// What the engine keeps about one (rule, subject) between polls and across restarts.
public struct SubjectRecord: Codable, Sendable, Equatable {
    public var machine: AlertStateMachine
    public var lastValue: String?
    public var lastEvaluated: Date?
    public var lastNotified: Date?
    /// The value last notified about (or first seen), for rules that measure change since then.
    public var anchor: Double?
    /// The last known signal, so a crossing back beyond the fire level is told from a value that stayed there.
    public var lastSignal: Threshold.Signal?
    /// The suppression last noted (`cooling_down <until>`), so a lasting one is
    /// noted once rather than on every poll.
    public var quietNote: String?
    /// Its recent fires, where the rule watches for flapping; absent in records stored before.
    public var flap: FlapDetector?
    /// The value the user last saw while it fires (`DeeperMove.value`) and when: what a deeper
    /// move is measured from. `nil` when nothing is on screen for it.
    public var shownMeasure: Double?
    public var shownAt: Date?

    public init(
        machine: AlertStateMachine = AlertStateMachine(), lastValue: String? = nil,
        lastEvaluated: Date? = nil, lastNotified: Date? = nil, anchor: Double? = nil, flap: FlapDetector? = nil
    ) {
        self.machine = machine
        self.flap = flap
        self.anchor = anchor
        self.lastValue = lastValue
        self.lastEvaluated = lastEvaluated
        self.lastNotified = lastNotified
    }
}

/// The pure core of a poll: steps every subject's state machine with its reading and returns the
/// alerts to hand to the outbox, and which records changed so the shell persists just those.
public struct RuleEngine: Sendable, Equatable {
    /// Every subject's record. A copy as a dictionary: a caller after one record asks `record(for:)`.
    public var records: [SubjectKey: SubjectRecord] {
        get { table.dictionary }
        set { table = RecordTable(newValue) }
    }
    /// Where the records are kept: side by side in the order polls read them.
    var table: RecordTable
    /// Rule → muted until; `Date.distantFuture` for "until unmuted".
    public var mutes: [String: Date]
    /// One rule and subject → silent until (a notification's "Snooze 1 h").
    public var snoozes: [SubjectKey: Date]
    /// Where the notes' clock times ("until 15:02") are read.
    public var timeZone: TimeZone = .current
    /// `[delivery] update_in_place`: whether a deeper move of a firing subject updates its bubble.
    public var updatesBubbles = true

    public init(records: [SubjectKey: SubjectRecord] = [:], mutes: [String: Date] = [:], snoozes: [SubjectKey: Date] = [:]) {
        self.table = RecordTable(records)
        self.mutes = mutes
        self.snoozes = snoozes
    }

    public static func == (lhs: RuleEngine, rhs: RuleEngine) -> Bool {
        lhs.table == rhs.table && lhs.mutes == rhs.mutes && lhs.snoozes == rhs.snoozes && lhs.timeZone == rhs.timeZone
            && lhs.updatesBubbles == rhs.updatesBubbles
    }

    public func record(for key: SubjectKey) -> SubjectRecord? { table[key] }

    /// The subjects with a record, in no particular order.
    public var subjectKeys: [SubjectKey] { table.keys }

    public func isMuted(_ rule: String, now: Date) -> Bool {
        mutes[rule].map { now < $0 } ?? false
    }

    /// Its rule muted, or this subject snoozed.
    public func isSilenced(_ key: SubjectKey, now: Date) -> Bool {
        isMuted(key.rule, now: now) || snoozes[key].map { now < $0 } ?? false
    }

    /// Steps every reading's subject. `stoppedLongerThan`: on the first poll after a start, how
    /// long a subject may have gone unobserved before a change is told as one made while
    /// notifier was not running (`nil`: not after a start).
    public mutating func evaluate(_ readings: [SubjectReading], now: Date, stoppedLongerThan gap: TimeInterval? = nil) -> Decision {
        evaluate(groups: [readings], now: now, stoppedLongerThan: gap)
    }

    /// `evaluate` of the groups' readings one after the other, as one poll: the rules of a feed
    /// hand theirs in without being copied into one array first.
    public mutating func evaluate(groups: [[SubjectReading]], now: Date, stoppedLongerThan gap: TimeInterval? = nil) -> Decision {
        evaluate(now: now, stoppedLongerThan: gap, expecting: groups.reduce(0) { $0 + $1.count }) { step in
            for readings in groups { step.take(readings) }
        }
    }

    /// A poll's readings handed to `body`'s step: whole arrays of them, or one at a time by a
    /// rule (`ReadingSink`), each stepped at once where its record lies. `expecting`: about how
    /// many readings the poll has.
    public mutating func evaluate(
        now: Date, stoppedLongerThan gap: TimeInterval? = nil, expecting count: Int = 0, stepping body: (inout PollStep) -> Void
    ) -> Decision {
        let rules = withoutRecords
        var (decision, walk, scattered) = withUnsafeMutablePointer(to: &self) { engine in
            var step = PollStep(engine: engine, rules: rules, now: now, gap: gap, expecting: count)
            body(&step)
            return (step.decision, step.walk, step.scattered)
        }
        if scattered > 8, scattered > walk.count / 8 {
            let moved = table.arrange(walk.slots)
            decision.changedSlots = decision.changedSlots.map { moved[$0] }
        }
        decision.keys = table.keys
        return decision
    }

    /// Steps `readings` in order, each where it lies in the array: one read out of the array is
    /// a copy, retaining and releasing what it holds.
    mutating func step(
        _ readings: [SubjectReading], rules: RuleEngine, now: Date, gap: TimeInterval?, walk: inout PollWalk, scattered: inout Int,
        decision: inout Decision
    ) {
        // Each reading's record is looked for first right after the previous reading's: where
        // the last poll in this order left it (`RecordTable`).
        readings.withUnsafeBufferPointer { readings in
            var index = 0
            while index < readings.count {
                index = stepRunInOrder(readings, from: index, rules: rules, now: now, gap: gap, walk: &walk, decision: &decision)
                guard index < readings.count else { break }
                findAndStep(readings.baseAddress! + index, rules: rules, now: now, gap: gap, walk: &walk, scattered: &scattered, decision: &decision)
                index += 1
            }
        }
    }

    /// The readings from `start` on whose records lie one after the other from where the walk
    /// left off, nearly every reading of a poll: each stepped where its record lies, in one pass
    /// over the table, without looking the record up or checking each time that the table is not
    /// shared. Returns where the run stopped: a reading whose record is elsewhere or not yet
    /// made, which `findAndStep` takes.
    private mutating func stepRunInOrder(
        _ readings: UnsafeBufferPointer<SubjectReading>, from start: Int, rules: RuleEngine, now: Date, gap: TimeInterval?,
        walk: inout PollWalk, decision: inout Decision
    ) -> Int {
        var index = start
        var next = (walk.last ?? -1) + 1
        table.withKeysAndRecords { keys, records in
            while index < readings.count, next < keys.count {
                let lent = readings.baseAddress! + index
                guard keys[next] == lent.pointee.key else { break }
                walk.append(next)
                if rules.step(&records[next], with: lent, now: now, stoppedLongerThan: gap, decision: &decision) {
                    decision.changedSlots.append(next)
                }
                index += 1
                next += 1
            }
        }
        return index
    }

    /// One reading of `evaluate` whose record is not the one after the walk's last: its record
    /// found by its key, or made, and stepped.
    mutating func findAndStep(
        _ lent: UnsafePointer<SubjectReading>, rules: RuleEngine, now: Date, gap: TimeInterval?, walk: inout PollWalk, scattered: inout Int,
        decision: inout Decision
    ) {
        if let slot = table.slot(of: lent.pointee.key) {
            scattered += 1
            walk.append(slot)
            // Stepped where it lies: no copy out and back.
            if rules.step(&table.values[slot], with: lent, now: now, stoppedLongerThan: gap, decision: &decision) {
                decision.changedSlots.append(slot)
            }
            return
        }
        let reading = lent.pointee
        var record = SubjectRecord()
        if let firstSight = Self.firstSight(reading, now: now) {
            record.machine = firstSight
            record.lastValue = reading.shownValue
            record.lastEvaluated = now
            record.anchor = reading.anchor
            record.lastSignal = reading.signal
            let slot = table.append(reading.key, record)
            walk.append(slot)
            decision.changedSlots.append(slot)
            if case .firing = firstSight.state {
                decision.notes.append(
                    DecisionNote(
                        key: reading.key, at: now, outcome: .firstSeen, value: reading.shownValue,
                        detail: NoteText.firstSeen))
            }
            return
        }
        if rules.step(&record, with: lent, now: now, stoppedLongerThan: gap, decision: &decision) {
            let slot = table.append(reading.key, record)
            walk.append(slot)
            decision.changedSlots.append(slot)
        }
    }

    /// Drops the records `isGone` names (forecast days that have passed), returning their keys
    /// so the store forgets them in the same commit as the poll's decision.
    public mutating func forget(where isGone: (SubjectKey) -> Bool) -> [SubjectKey] {
        let gone = table.keys.filter(isGone).sorted()
        if !gone.isEmpty { table.removeAll(where: isGone) }
        return gone
    }

    /// The state a subject seen for the first time starts in, silently; `nil` to step it as usual.
    private static func firstSight(_ reading: SubjectReading, now: Date) -> AlertStateMachine? {
        guard let signal = reading.signal else { return nil }
        if reading.anchor != nil {
            // Nothing has been said about it yet: this value is what later changes are measured from.
            return AlertStateMachine()
        }
        let across = reading.mustSeeRearmFirst ? signal != .rearmed : reading.edgeTriggered && signal == .beyondFire
        guard across else { return reading.mustSeeRearmFirst ? AlertStateMachine() : nil }
        return AlertStateMachine(state: .firing(since: now, lastNotified: now))
    }
}

extension RuleEngine {
    /// When the subject's episode began: what tells one time it fired from the next (a resolution
    /// belongs to the episode it ends).
    static func episode(_ state: AlertStateMachine.State) -> Date? {
        if case .firing(let since, _) = state { return since }
        return nil
    }
}
