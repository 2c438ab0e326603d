import Foundation
import Logging
import NotifierSystem
import TestSupport
import Testing

@testable import NotifierCore

/// The one poll loop on a test clock: what it waits after each poll, and across a reload.
@Suite struct FeedLoopTests {
    actor Script {
        private var polls: [PollReport]
        init(_ polls: [PollReport]) { self.polls = polls }
        func next() -> PollReport { polls.isEmpty ? .succeeded : polls.removeFirst() }
    }

    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func environment(clock: TestClock, pacing: FeedPacing? = nil, requests: PollRequests? = nil) -> FeedEnvironment {
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        var environment = FeedEnvironment(
            config: Config(), paths: XDGPaths(environment: [:]), http: HTTPClient(), clock: clock,
            now: { start + 20 }, logger: logger, store: nil, delivery: KeptDecisions(),
            engine: StoredEngine(store: nil, logger: logger), seed: nil, launch: false)
        environment.pacing = pacing
        environment.pollRequests = requests
        return environment
    }

    @Test func failuresBackOffARetryAfterIsABoundedFloorAndASuccessWaitsTheInterval() async throws {
        let clock = TestClock()
        let script = Script([PollReport(failures: 1, retryAfter: .seconds(99_999_999)), PollReport(failures: 2, retryAfter: nil)])
        let environment = Self.environment(clock: clock)
        let loop = Task { await FeedLoop(interval: .seconds(60)).run(environment) { await script.next() } }
        for _ in 0..<3 {
            #expect(await clock.waitForSleepers())
            clock.advance(by: try #require(clock.requestedSleeps.last))
        }
        #expect(await clock.waitForSleepers())
        let sleeps = clock.requestedSleeps
        #expect(sleeps.first == .seconds(30 * 60), "Retry-After is a floor, bounded by the backoff's maximum: \(sleeps)")
        #expect(sleeps.count >= 3 && sleeps[1] >= .seconds(30) && sleeps[1] <= .seconds(60), "the second failure's backoff: \(sleeps)")
        #expect(sleeps.count >= 3 && sleeps[2] == .seconds(60), "after a success, the interval: \(sleeps)")
        loop.cancel()
        await loop.value
    }

    @Test func aReloadWithTheSameSettingsWaitsOutTheIntervalThenPollsOnIt() async throws {
        let clock = TestClock()
        let pacing = FeedPacing()
        await pacing.polled(feed: "pulse", settings: "a", at: Self.start)
        let environment = Self.environment(clock: clock, pacing: pacing)
        let polled = Script([])
        let loop = Task { await FeedLoop(pacing: ("pulse", "a"), interval: .seconds(60)).run(environment) { await polled.next() } }
        #expect(await clock.waitForSleepers())
        #expect(clock.requestedSleeps == [.seconds(40)], "20 s of its 60 s had passed before the reload")
        clock.advance(by: .seconds(40))
        #expect(await clock.waitForSleepers())
        #expect(clock.requestedSleeps == [.seconds(40), .seconds(60)])
        #expect(
            await pacing.firstWait(feed: "pulse", settings: "a", interval: .seconds(60), now: Self.start + 20) == .seconds(60),
            "the poll is recorded for the next reload")
        loop.cancel()
        await loop.value
    }

    /// A live screen's request (`RoundPoll`, over the daemon's bus) ends the rest of a paced
    /// loop, and is answered once that poll is done; the interval starts again from it.
    @Test func aRequestEndsTheRestAndIsAnsweredByThePoll() async throws {
        let clock = TestClock()
        let requests = PollRequests()
        let environment = Self.environment(clock: clock, pacing: FeedPacing(), requests: requests)
        let polled = Script([])
        let loop = Task { await FeedLoop(pacing: ("crypto", "a"), interval: .seconds(3600)).run(environment) { await polled.next() } }
        #expect(await clock.waitForSleepers())
        #expect(clock.requestedSleeps == [.seconds(3600)])
        #expect(await requests.ask("crypto", now: Self.start + 60) == .polled)
        #expect(await clock.waitForSleepers())
        #expect(clock.requestedSleeps == [.seconds(3600), .seconds(3600)], "a second poll, then the whole interval again")
        #expect(await requests.ask("crypto", now: Self.start + 25) == .polledRecently, "5 s after that poll, it answers instead")
        #expect(await requests.ask("forecast", now: Self.start + 60) == .notPolling, "no loop of that name")
        loop.cancel()
        await loop.value
        #expect(await requests.ask("crypto", now: Self.start + 600) == .notPolling, "the loop ended")
    }

    @Test func aLoopBackingOffIsNotHurried() async throws {
        let clock = TestClock()
        let requests = PollRequests()
        let environment = Self.environment(clock: clock, pacing: FeedPacing(), requests: requests)
        let failing = Script([PollReport(failures: 1)])
        let loop = Task { await FeedLoop(pacing: ("crypto", "a"), interval: .seconds(3600)).run(environment) { await failing.next() } }
        #expect(await clock.waitForSleepers())
        #expect(await requests.ask("crypto", now: Self.start + 60) == .backingOff)
        #expect(clock.requestedSleeps.count == 1, "still in its one backoff")
        loop.cancel()
        await loop.value
    }
}
