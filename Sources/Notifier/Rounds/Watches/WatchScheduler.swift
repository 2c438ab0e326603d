import Feeds
import Foundation
import Rules

/// Every watch of one config polled from one task: a queue of each watch's next poll, an instant
/// on the environment's clock, and each poll a child task that ends with it. One long-lived
/// loop per watch kept that many tasks asleep, each with the allocator slabs its polls had
/// needed, scattered over the heap; here only a poll in flight holds any.
struct WatchScheduler: Sendable {
    let env: FeedEnvironment
    let rounds: [WatchRound]

    private enum Event: Sendable {
        case woke
        /// `ended`: when its fetch ended, from the schedule's start: its rest counts from then.
        case polled(slot: Int, report: PollReport, ended: Duration)
    }

    /// Polls until cancelled.
    func run() async {
        guard !rounds.isEmpty else { return }
        await run(on: env.clock)
    }

    private func run<C: Clock<Duration>>(on clock: C) async {
        // Each watch's own jitter, as each had in a loop of its own.
        var randoms = rounds.indices.map { slot in env.seed.map { SeededGenerator(seed: $0 &+ UInt64(slot)) } ?? SeededGenerator.jitter() }
        var deadlines = WatchDeadlines<C.Instant>()
        let start = clock.now
        for slot in rounds.indices {
            deadlines.schedule(slot, at: start.advanced(by: await rounds[slot].firstWait(slot: slot, random: &randoms[slot])))
        }
        await withTaskGroup(of: Event.self) { group in
            // The wake-ups asked for and not yet come: a new, earlier deadline adds one, and a
            // later one that comes finds nothing due.
            var wakeUps: [C.Instant] = []
            var inFlight = 0
            while !Task.isCancelled {
                for slot in deadlines.takeDue(by: clock.now) {
                    inFlight += 1
                    let round = rounds[slot]
                    group.addTask {
                        let (report, ended) = await round.scheduledPoll { start.duration(to: clock.now) }
                        return .polled(slot: slot, report: report, ended: ended)
                    }
                }
                if let next = deadlines.earliest, !wakeUps.contains(where: { $0 <= next }) {
                    wakeUps.append(next)
                    group.addTask {
                        try? await clock.sleep(until: next, tolerance: nil)
                        return .woke
                    }
                }
                guard let event = await group.next() else { return }
                switch event {
                case .woke:
                    let now = clock.now
                    wakeUps.removeAll { $0 <= now }
                case .polled(let slot, let report, let ended):
                    inFlight -= 1
                    let rest = rounds[slot].loop.delay(after: report, random: &randoms[slot])
                    deadlines.schedule(slot, at: start.advanced(by: ended + rest))
                    // The polls' buffers are freed: their pages go back before the daemon idles.
                    if inFlight == 0 { Heap.returnFreePages() }
                }
            }
            group.cancelAll()
        }
    }
}

/// Which watch polls next: each watch's next poll as an instant, earliest first.
struct WatchDeadlines<Instant: InstantProtocol> {
    private var entries: [(at: Instant, slot: Int)] = []

    var earliest: Instant? { entries.min { $0.at < $1.at }?.at }

    mutating func schedule(_ slot: Int, at instant: Instant) {
        entries.append((instant, slot))
    }

    /// The slots due by `now`, earliest first, taken off the queue.
    mutating func takeDue(by now: Instant) -> [Int] {
        let due = entries.filter { $0.at <= now }.sorted { $0.at < $1.at }.map(\.slot)
        entries.removeAll { $0.at <= now }
        return due
    }
}
