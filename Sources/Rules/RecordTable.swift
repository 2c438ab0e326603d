/// The engine's records, side by side in the order their subjects were first seen, with an index
/// by key. A feed's readings come in the same order poll after poll, so a poll walks its records
/// front to back in memory instead of hopping around a hash table: the processor reads ahead of
/// the walk by itself. Adding a record appends it and moves no other; removing one rebuilds the
/// index, which only forgetting does.
struct RecordTable: Sendable {
    private(set) var keys: [SubjectKey] = []
    /// Written through in place by the engine's step.
    var values: [SubjectRecord] = []
    private var slots: [SubjectKey: Int] = [:]

    init(_ records: [SubjectKey: SubjectRecord] = [:]) {
        // In key order, so that a table made from the same records is laid out the same way.
        for (key, record) in records.sorted(by: { $0.key < $1.key }) { append(key, record) }
    }

    var count: Int { keys.count }

    func slot(of key: SubjectKey) -> Int? { slots[key] }

    /// The keys, and the records written in place, side by side: a poll's quiet run, which
    /// steps thousands of records in order.
    mutating func withKeysAndRecords<Result>(
        _ body: (UnsafeBufferPointer<SubjectKey>, UnsafeMutableBufferPointer<SubjectRecord>) -> Result
    ) -> Result {
        keys.withUnsafeBufferPointer { keys in values.withUnsafeMutableBufferPointer { body(keys, $0) } }
    }

    @discardableResult
    mutating func append(_ key: SubjectKey, _ record: SubjectRecord) -> Int {
        slots[key] = keys.count
        keys.append(key)
        values.append(record)
        return keys.count - 1
    }

    subscript(key: SubjectKey) -> SubjectRecord? {
        get { slots[key].map { values[$0] } }
        set {
            switch (slots[key], newValue) {
            case (let slot?, let record?): values[slot] = record
            case (nil, let record?): append(key, record)
            case (_?, nil): removeAll { $0 == key }
            case (nil, nil): break
            }
        }
    }

    /// Removes the records whose keys `isGone` names, keeping the others' order.
    mutating func removeAll(where isGone: (SubjectKey) -> Bool) {
        var kept = RecordTable()
        for (key, record) in zip(keys, values) where !isGone(key) { kept.append(key, record) }
        self = kept
    }

    /// The records at `walk` first, in its order, then the rest as they were: after a poll that
    /// found its records scattered (as loaded from the store, in key order), the next one walks
    /// them in its own order. Returns each record's new place, by its old.
    @discardableResult
    mutating func arrange(_ walk: [Int]) -> [Int] {
        var kept = RecordTable()
        kept.keys.reserveCapacity(count)
        kept.values.reserveCapacity(count)
        kept.slots.reserveCapacity(count)
        var moved = [Int](repeating: -1, count: count)
        for slot in walk where moved[slot] < 0 {
            moved[slot] = kept.append(keys[slot], values[slot])
        }
        for slot in keys.indices where moved[slot] < 0 { moved[slot] = kept.append(keys[slot], values[slot]) }
        self = kept
        return moved
    }

    var dictionary: [SubjectKey: SubjectRecord] {
        Dictionary(uniqueKeysWithValues: zip(keys, values))
    }
}

extension RecordTable: Equatable {
    /// The same records, whatever their order.
    static func == (lhs: RecordTable, rhs: RecordTable) -> Bool {
        lhs.count == rhs.count && zip(lhs.keys, lhs.values).allSatisfy { rhs[$0] == $1 }
    }
}
