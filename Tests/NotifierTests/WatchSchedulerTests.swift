import Feeds
import Foundation
import TestSupport
import Testing

@testable import Notifier

/// The watches' one schedule: which watch is due when, and first polls spread after a start.
@Suite struct WatchSchedulerTests {
    @Test func dueWatchesComeOffTheQueueEarliestFirst() {
        var deadlines = WatchDeadlines<TestClock.Instant>()
        let zero = TestClock().now
        let at = { (seconds: Int) in zero.advanced(by: .seconds(seconds)) }
        deadlines.schedule(0, at: at(30))
        deadlines.schedule(1, at: at(10))
        deadlines.schedule(2, at: at(20))
        #expect(deadlines.earliest == at(10))
        #expect(deadlines.takeDue(by: at(5)).isEmpty)
        #expect(deadlines.takeDue(by: at(20)) == [1, 2])
        #expect(deadlines.earliest == at(30))
        deadlines.schedule(1, at: at(25))
        #expect(deadlines.takeDue(by: at(40)) == [1, 0])
        #expect(deadlines.earliest == nil)
    }

    /// Started together, eight watches poll one per quarter second, not at once.
    @Test func firstPollsAreSpreadAQuarterSecondApart() async throws {
        let server = try await WatchDaemonTests.serve()
        let sandbox = try Sandbox()
        let clock = TestClock()
        let watches = (0..<8).map { WatchDaemonTests.watch("w\($0)", server) }
        let runner = WatchDaemonTests.runner(sandbox, watches: watches, clock: clock)
        let store = try Store(path: sandbox.storeFile.path)
        let generation = Task { await DaemonService(runner: runner).runGeneration(runner, store: store, sink: RecordingSink(), launch: false) }
        #expect(await clock.waitForSleepers(2))
        for quarter in 1...8 {
            clock.advance(by: .milliseconds(250))
            #expect(await eventually { await server.requestLog.count == quarter }, "by \(quarter * 250) ms")
            #expect(await server.requests(to: "/w\(quarter - 1)") == 1)
        }
        generation.cancel()
        await generation.value
        await server.stop()
    }
}
