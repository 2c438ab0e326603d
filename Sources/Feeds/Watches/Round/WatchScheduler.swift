import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Every watch of one config polled from one task: a queue of each watch's next poll, an instant
/// on the environment's clock, and each poll a child task that ends with it. One long-lived
/// loop per watch kept that many tasks asleep, each with the allocator slabs its polls had
/// needed, scattered over the heap; here only a poll in flight holds any.
package struct WatchScheduler: Sendable {
    package let env: FeedEnvironment
    package let rounds: [WatchRound]

    private enum Event: Sendable {
        case woke
        /// `ended`: when its fetch ended, from the schedule's start: its rest counts from then.
        case polled(slot: Int, report: PollReport, ended: Duration)
    }

    /// At most this many polls start in any one second: watches due together (every deadline
    /// passed while the machine slept) go out a few a second, as after a start, not at once.
    /// Five: the first polls' quarter-second slots, each at a random phase, start at most five
    /// in a second, so the pace never holds those.
    package static let startsPerSecond = 5

    /// Polls until cancelled.
    package func run() async {
        guard !rounds.isEmpty else { return }
        await run(on: env.clock)
    }

    private func run<C: Clock<Duration>>(on clock: C) async {
        // Each watch's own jitter, as each had in a loop of its own.
        var randoms = rounds.indices.map { slot in env.seed.map { SeededGenerator(seed: $0 &+ UInt64(slot)) } ?? SeededGenerator.jitter() }
        var deadlines = WatchDeadlines<C.Instant>()
        var pace = StartPace<C.Instant>(limit: Self.startsPerSecond)
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
                let now = clock.now
                for slot in deadlines.takeDue(by: now, atMost: pace.allowance(at: now)) {
                    pace.started(at: now)
                    inFlight += 1
                    let round = rounds[slot]
                    group.addTask {
                        let (report, ended) = await round.scheduledPoll { start.duration(to: clock.now) }
                        return .polled(slot: slot, report: report, ended: ended)
                    }
                }
                if let next = pace.nextStart(earliest: deadlines.earliest, now: now), !wakeUps.contains(where: { $0 <= next }) {
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
                    let rest = Self.rest(after: report, loop: rounds[slot].loop, random: &randoms[slot])
                    deadlines.schedule(slot, at: start.advanced(by: ended + rest))
                    // The polls' buffers are freed: their pages go back before the daemon idles.
                    if inFlight == 0 { Heap.returnFreePages() }
                }
            }
            group.cancelAll()
        }
    }
}

extension WatchScheduler {
    /// The rest after a poll: the interval ±10 % while the watch works (watches started
    /// together, or with one interval, drift apart), or the loop's backoff after failures.
    package static func rest(after report: PollReport, loop: FeedLoop<WatchSettings>, random: inout SeededGenerator) -> Duration {
        let rest = loop.delay(after: report, random: &random)
        guard report.failures == 0, report.retryAfter == nil else { return rest }
        return IntervalJitter.spread(rest, by: IntervalJitter.watchFraction, random: &random)
    }
}

/// Which watch polls next: each watch's next poll as an instant, earliest first.
package struct WatchDeadlines<Instant: InstantProtocol> {
    private var entries: [(at: Instant, slot: Int)] = []

    package var earliest: Instant? { entries.min { $0.at < $1.at }?.at }

    package mutating func schedule(_ slot: Int, at instant: Instant) {
        entries.append((instant, slot))
    }

    /// The slots due by `now`, earliest first, at most `limit` of them, taken off the queue.
    package mutating func takeDue(by now: Instant, atMost limit: Int = .max) -> [Int] {
        let due = entries.enumerated().filter { $0.element.at <= now }.sorted { $0.element.at < $1.element.at }.prefix(limit)
        let taken = Set(due.map(\.offset))
        entries = entries.enumerated().filter { !taken.contains($0.offset) }.map(\.element)
        return due.map(\.element.slot)
    }
}

/// How many polls may start now: at most `limit` in any one second.
package struct StartPace<Instant: InstantProtocol> where Instant.Duration == Duration {
    package let limit: Int
    private var starts: [Instant] = []

    package init(limit: Int) {
        self.limit = limit
    }

    /// How many may start at `now`.
    package mutating func allowance(at now: Instant) -> Int {
        starts.removeAll { $0.advanced(by: .seconds(1)) <= now }
        return max(0, limit - starts.count)
    }

    package mutating func started(at now: Instant) {
        starts.append(now)
    }

    /// When the next poll may start: the earliest deadline, or, when that has passed and the
    /// second's starts are spent, when the oldest of them is a second old.
    package func nextStart(earliest: Instant?, now: Instant) -> Instant? {
        guard let earliest else { return nil }
        guard earliest <= now, starts.count >= limit, let oldest = starts.min() else { return earliest }
        return oldest.advanced(by: .seconds(1))
    }
}
