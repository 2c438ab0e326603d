/// Work waiting for an instant: the earliest first, and among equal instants the one queued
/// first. A value type, so the executor's order is tested without threads or clocks.
package struct DueQueue<Work> {
    private struct Entry {
        let due: Int64
        let order: UInt64
        let work: Work

        func comesBefore(_ other: Entry) -> Bool { due < other.due || (due == other.due && order < other.order) }
    }

    private var heap: [Entry] = []
    private var queued: UInt64 = 0

    package init() {}

    package var isEmpty: Bool { heap.isEmpty }
    package var count: Int { heap.count }
    /// The instant the earliest work is due, in the queue's clock's nanoseconds.
    package var nextDue: Int64? { heap.first?.due }

    package mutating func add(_ work: Work, due: Int64) {
        heap.append(Entry(due: due, order: queued, work: work))
        queued &+= 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].comesBefore(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns, in order, the work due at or before `now`.
    package mutating func takeDue(now: Int64) -> [Work] {
        var due: [Work] = []
        while let first = heap.first, first.due <= now { due.append(removeFirst()) }
        return due
    }

    private mutating func removeFirst() -> Work {
        let first = heap[0].work
        let last = heap.removeLast()
        guard !heap.isEmpty else { return first }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var earliest = parent
            if left < heap.count, heap[left].comesBefore(heap[earliest]) { earliest = left }
            if right < heap.count, heap[right].comesBefore(heap[earliest]) { earliest = right }
            guard earliest != parent else { return first }
            heap.swapAt(parent, earliest)
            parent = earliest
        }
    }
}
