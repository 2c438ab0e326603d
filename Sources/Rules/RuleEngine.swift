import Foundation

/// One subject's reading for one rule in one poll: what the rule saw, and how it would say it.
public struct SubjectReading: Sendable {
    public var key: SubjectKey
    /// `nil` when the value is unknown (the feed failed, or sent nothing usable).
    public var signal: Threshold.Signal?
    /// The value as a user reads it, for `notifier rules` and `--dry-run`: "+6.2 %".
    public var shownValue: String
    public var policy: AlertPolicy
    /// Fires only on a crossing seen happen: a subject first seen already beyond its level
    /// starts as firing, silently.
    public var edgeTriggered: Bool
    /// Stricter than edge-triggered: fires only after a value at or back past the re-arm level
    /// was seen, so a subject first seen between the levels cannot fire from there ("rain newly
    /// likely" means it was seen unlikely first).
    public var mustSeeRearmFirst: Bool
    /// For a change measured since the last notification: the value the user hears about if
    /// this reading notifies (or first sees it). The rule computes `signal` against the stored
    /// anchor; a notification moves the anchor here and re-arms, since against the new anchor
    /// the change is nothing.
    public var anchor: Double?
    /// The notification for an emission; `nil` to stay silent (a resolution nobody asked for).
    public var alert: @Sendable (AlertStateMachine.Emission) -> Alert? {
        get {
            switch maker {
            case .own(let alert): return alert
            case .shared(let alerts, let place): return { alerts.alert(place, $0) }
            }
        }
        set { maker = .own(newValue) }
    }
    /// What `alert` is made of: a closure, or a place among a poll's shared alerts.
    var maker: AlertMaker
    /// The level it fires at as a user reads it ("−5 %", "$100,000"), for "flapping around −5 %".
    public var level: String?
    /// How much further a firing value must go to update its bubble on screen; `nil`: never.
    public var deeper: DeeperMove?

    public init(
        key: SubjectKey, signal: Threshold.Signal?, shownValue: String, policy: AlertPolicy, edgeTriggered: Bool = false,
        mustSeeRearmFirst: Bool = false, anchor: Double? = nil, level: String? = nil, deeper: DeeperMove? = nil,
        alert: @escaping @Sendable (AlertStateMachine.Emission) -> Alert?
    ) {
        self.key = key
        self.deeper = deeper
        self.level = level
        self.edgeTriggered = edgeTriggered
        self.mustSeeRearmFirst = mustSeeRearmFirst
        self.anchor = anchor
        self.signal = signal
        self.shownValue = shownValue
        self.policy = policy
        self.maker = .own(alert)
    }
}

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
    public struct Decision: Sendable {
        public var alerts: [Alert]
        public var changed: [SubjectKey]
        /// Emissions a mute swallowed, for the log and `--dry-run`.
        public var muted: [SubjectKey]
        /// What was decided about each subject and why, for `notifier why`.
        public var notes: [DecisionNote] = []
    }

    public var records: [SubjectKey: SubjectRecord] {
        // A record added or removed may move the others: the last poll's places no longer hold.
        didSet { pollOrder = nil }
    }
    /// Rule → muted until; `Date.distantFuture` for "until unmuted".
    public var mutes: [String: Date]
    /// One rule and subject → silent until (a notification's "Snooze 1 h").
    public var snoozes: [SubjectKey: Date]
    /// Where the notes' clock times ("until 15:02") are read.
    public var timeZone: TimeZone = .current
    /// `[delivery] update_in_place`: whether a deeper move of a firing subject updates its bubble.
    public var updatesBubbles = true
    /// Where the last poll's readings found their records, in its order (`PollOrder`): a cache,
    /// not state, so not compared.
    private var pollOrder: PollOrder?

    public init(records: [SubjectKey: SubjectRecord] = [:], mutes: [String: Date] = [:], snoozes: [SubjectKey: Date] = [:]) {
        self.records = records
        self.mutes = mutes
        self.snoozes = snoozes
    }

    public static func == (lhs: RuleEngine, rhs: RuleEngine) -> Bool {
        lhs.records == rhs.records && lhs.mutes == rhs.mutes && lhs.snoozes == rhs.snoozes && lhs.timeZone == rhs.timeZone
            && lhs.updatesBubbles == rhs.updatesBubbles
    }

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
        var decision = Decision(alerts: [], changed: [], muted: [])
        decision.changed.reserveCapacity(readings.count)
        // A feed's readings come in the same order poll after poll: each finds its record where
        // the reading in its place found it last time, without hashing its key. Until a record
        // is added: that may move the others.
        let lastOrder = pollOrder ?? PollOrder()
        var order = PollOrder(capacity: readings.count)
        var added = false
        let rules = withoutRecords
        for (position, reading) in readings.enumerated() {
            if !added, position % PollOrder.batch == 0 {
                // The batch after this one (this one was read a batch ago; the first two at the start).
                let next = position == 0 ? 0 : position + PollOrder.batch
                lastOrder.warm(next..<position + 2 * PollOrder.batch, in: &records, into: &order)
            }
            // Where its record lies, if it has one.
            let index = (added ? nil : lastOrder.place(position, of: reading.key)) ?? records.index(forKey: reading.key)
            order.append(reading.key, index)
            if let index {
                // Stepped where it lies: no copy out and back of a record not in any cache.
                if rules.step(&records.values[index], with: reading, now: now, stoppedLongerThan: gap, decision: &decision) {
                    decision.changed.append(reading.key)
                }
                continue
            }
            var record = SubjectRecord()
            if let firstSight = Self.firstSight(reading, now: now) {
                record.machine = firstSight
                record.lastValue = reading.shownValue
                record.lastEvaluated = now
                record.anchor = reading.anchor
                record.lastSignal = reading.signal
                records[reading.key] = record
                added = true
                decision.changed.append(reading.key)
                if case .firing = firstSight.state {
                    decision.notes.append(
                        DecisionNote(
                            key: reading.key, at: now, outcome: .firstSeen, value: reading.shownValue,
                            detail: NoteText.firstSeen))
                }
                continue
            }
            if rules.step(&record, with: reading, now: now, stoppedLongerThan: gap, decision: &decision) {
                records[reading.key] = record
                added = true
                decision.changed.append(reading.key)
            }
        }
        pollOrder = added ? nil : order
        return decision
    }

    /// Drops the records `isGone` names (forecast days that have passed), returning their keys
    /// so the store forgets them in the same commit as the poll's decision.
    public mutating func forget(where isGone: (SubjectKey) -> Bool) -> [SubjectKey] {
        let gone = records.keys.filter(isGone).sorted()
        for key in gone { records[key] = nil }
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
