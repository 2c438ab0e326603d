/// Where each reading of a poll found its record in `RuleEngine.records`, by the reading's place
/// in the poll. Dictionary indices stay valid while no key is added or removed (writing a value
/// through one keeps them, as for any `MutableCollection`), and the key at a valid index cannot
/// change; the engine forgets this whenever the records change from outside or a record is
/// added, and a place is used only for the key that found it.
struct PollOrder: Sendable {
    typealias Place = Dictionary<SubjectKey, SubjectRecord>.Index

    /// How many readings `warm` reads ahead at a time.
    static let batch = 16

    private var keys: [SubjectKey] = []
    private var places: [Place?] = []
    /// What `warm` read, kept only so that its reads are not optimized away.
    private var warmth: UInt8 = 0

    init(capacity: Int = 0) {
        keys.reserveCapacity(capacity)
        places.reserveCapacity(capacity)
    }

    mutating func append(_ key: SubjectKey, _ place: Place?) {
        keys.append(key)
        places.append(place)
    }

    /// The index of `key`'s record if the reading at `position` had that key last time.
    func place(_ position: Int, of key: SubjectKey) -> Place? {
        guard position < places.count, keys[position] == key else { return nil }
        return places[position]
    }

    /// Reads a byte of each cache line of the records the readings at `positions` found last
    /// time. A poll's records lie scattered over megabytes in hash order, and each step waited
    /// for its record's lines to come from memory; read a batch ahead in a loop of nothing else,
    /// those waits overlap. Valid only while no record has been added since the places were taken.
    func warm(_ positions: Range<Int>, in records: inout [SubjectKey: SubjectRecord], into order: inout PollOrder) {
        var byte: UInt8 = 0
        for position in positions.clamped(to: places.indices) {
            guard let index = places[position] else { continue }
            withUnsafeMutablePointer(to: &records.values[index]) { record in
                let bytes = UnsafeRawPointer(record)
                for offset in stride(from: 0, to: MemoryLayout<SubjectRecord>.size, by: 64) {
                    byte ^= bytes.load(fromByteOffset: offset, as: UInt8.self)
                }
                byte ^= bytes.load(fromByteOffset: MemoryLayout<SubjectRecord>.size - 1, as: UInt8.self)
            }
        }
        order.warmth ^= byte
    }
}
