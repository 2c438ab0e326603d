extension RuleEngine {
    /// What a poll decided: the alerts to hand to the outbox, and which records changed so the
    /// shell persists just those.
    public struct Decision: Sendable {
        public var alerts: [Alert]
        /// Emissions a mute swallowed, for the log and `--dry-run`.
        public var muted: [SubjectKey]
        /// What was decided about each subject and why, for `notifier why`.
        public var notes: [DecisionNote] = []
        /// The changed records' places in `keys`, in the order they were stepped. A poll changes
        /// nearly every record it steps (each notes when it was seen), and a copy of each one's
        /// key, made and then destroyed, was 7 % of a poll of 10,000 coins.
        var changedSlots: [Int] = []
        /// The engine's keys as the poll left them: a place in the table is a place here.
        var keys: [SubjectKey] = []

        public init(alerts: [Alert], changed: [SubjectKey], muted: [SubjectKey], notes: [DecisionNote] = []) {
            self.alerts = alerts
            self.muted = muted
            self.notes = notes
            self.changed = changed
        }

        /// The subjects whose records changed, in the order they were stepped.
        public var changed: [SubjectKey] {
            get { changedSlots.map { keys[$0] } }
            set { (keys, changedSlots) = (newValue, Array(newValue.indices)) }
        }
    }

    /// The records `decision` changed, by key: read where they lie while the table is as the
    /// poll left it, as it is until the next poll or `forget`.
    public func changedRecords(_ decision: Decision) -> [SubjectKey: SubjectRecord] {
        var records: [SubjectKey: SubjectRecord] = [:]
        records.reserveCapacity(decision.changedSlots.count)
        for slot in decision.changedSlots {
            let key = decision.keys[slot]
            if slot < table.count, table.keys[slot] == key {
                records[key] = table.values[slot]
            } else if let record = table[key] {
                records[key] = record
            }
        }
        return records
    }
}

/// The places a poll's readings found their records at, in order: the table's order once the
/// poll is done if they were scattered (`RecordTable.arrange`), and where the next reading looks
/// first. Kept as a count while they lie one after the other from the first, as a poll in the
/// last one's order finds them.
struct PollWalk: Sendable {
    /// Places 0..<inOrder, then `after`.
    private var inOrder = 0
    private var after: [Int] = []

    var last: Int? { after.last ?? (inOrder > 0 ? inOrder - 1 : nil) }
    var count: Int { inOrder + after.count }

    mutating func append(_ slot: Int) {
        if after.isEmpty, slot == inOrder {
            inOrder += 1
        } else {
            after.append(slot)
        }
    }

    var slots: [Int] { Array(0..<inOrder) + after }
}
