import NotifierCore
import NotifierSystem
import Testing

/// The executor's sleepers: taken in the order they fall due, the first queued first among
/// equals, and none before its instant.
@Suite struct DueQueueTests {
    @Test func workComesOutInTheOrderItFallsDue() {
        var queue = DueQueue<String>()
        for (name, due) in [("c", 30), ("a", 10), ("b1", 20), ("d", 40), ("b2", 20)] { queue.add(name, due: Int64(due)) }
        #expect(queue.nextDue == 10)
        #expect(queue.takeDue(now: 5).isEmpty)
        #expect(queue.takeDue(now: 20) == ["a", "b1", "b2"])
        #expect(queue.nextDue == 30)
        #expect(queue.takeDue(now: 100) == ["c", "d"])
        #expect(queue.isEmpty && queue.nextDue == nil)
    }

    @Test func manyRandomDeadlinesComeOutSorted() {
        var generator = SystemRandomNumberGenerator()
        var queue = DueQueue<Int>()
        let deadlines = (0..<2000).map { _ in Int64.random(in: 0..<500, using: &generator) }
        for (index, due) in deadlines.enumerated() { queue.add(index, due: due) }
        let taken = queue.takeDue(now: 250) + queue.takeDue(now: .max)
        let expected = deadlines.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }.map(\.offset)
        #expect(taken == expected)
    }
}
