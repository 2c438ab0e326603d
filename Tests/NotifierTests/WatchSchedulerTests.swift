import Foundation
import ProgramTestSupport
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierDelivery
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

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

    @Test func thePaceLetsFiveStartInAnySecond() {
        var pace = StartPace<TestClock.Instant>(limit: 5)
        let zero = TestClock().now
        let at = { (milliseconds: Int) in zero.advanced(by: .milliseconds(milliseconds)) }
        #expect(pace.allowance(at: at(0)) == 5)
        for _ in 0..<3 { pace.started(at: at(0)) }
        for _ in 0..<2 { pace.started(at: at(400)) }
        #expect(pace.allowance(at: at(500)) == 0)
        #expect(pace.nextStart(earliest: at(100), now: at(500)) == at(1000), "due, but held until the first starts are a second old")
        #expect(pace.nextStart(earliest: at(2000), now: at(500)) == at(2000), "not due yet: its own deadline")
        #expect(pace.allowance(at: at(1000)) == 3)
        #expect(pace.allowance(at: at(1400)) == 5)
    }

    /// Twelve watches all due at once, as after a resume when every deadline passed while the
    /// machine slept: five polls a second, not twelve at once.
    @Test func watchesDueTogetherStartFiveASecond() async throws {
        let (server, clock, generation) = try await Self.daemon(watching: 12)
        clock.advance(by: .seconds(10))
        for (second, expected) in [5, 10, 12].enumerated() {
            if second > 0 { clock.advance(by: .seconds(1)) }
            #expect(await eventually { await server.requestLog.count == expected }, "by second \(second)")
            #expect(await clock.waitForSleepers(2))
            #expect(await server.requestLog.count == expected, "no more than five in second \(second)")
        }
        generation.cancel()
        await generation.value
        await server.stop()
    }

    /// Started together, eight watches poll one per quarter second, not at once.
    @Test func firstPollsAreSpreadAQuarterSecondApart() async throws {
        let (server, clock, generation) = try await Self.daemon(watching: 8)
        for quarter in 1...8 {
            clock.advance(by: .milliseconds(250))
            #expect(await eventually { await server.requestLog.count == quarter }, "by \(quarter * 250) ms")
            #expect(await server.requests(to: "/w\(quarter - 1)") == 1)
        }
        generation.cancel()
        await generation.value
        await server.stop()
    }

    /// A 10 s watch is polled 9 to 11 s after its last poll, not at 10, 20, 30 s.
    @Test func restsAreJitteredWithinATenthOfTheInterval() async throws {
        let (server, clock, generation) = try await Self.daemon(watching: 1, interval: .seconds(10))
        let start = clock.now
        var polledAt: [Duration] = []
        for _ in 0..<60 where polledAt.count < 8 {
            clock.advanceToNextDeadline()
            #expect(await clock.waitForSleepers(2))
            if await server.requestLog.count > polledAt.count { polledAt.append(start.duration(to: clock.now)) }
        }
        let rests = zip(polledAt.dropFirst(), polledAt).map { $0 - $1 }
        #expect(rests.count == 7, "\(polledAt)")
        #expect(rests.allSatisfy { $0 >= .seconds(9) && $0 <= .seconds(11) }, "\(rests)")
        #expect(Set(rests).count > 1 && !rests.contains(.seconds(10)), "\(rests)")
        generation.cancel()
        await generation.value
        await server.stop()
    }

    /// A daemon generation polling `count` watches (`w0`, `w1`, …) on a test clock, asleep
    /// before its first polls.
    static func daemon(watching count: Int, interval: Duration = .seconds(60)) async throws -> (LoopbackServer, TestClock, Task<Void, Never>) {
        let server = try await WatchDaemonTests.serve()
        let sandbox = try Sandbox()
        let clock = TestClock()
        let runner = WatchDaemonTests.runner(
            sandbox, watches: (0..<count).map { WatchDaemonTests.watch("w\($0)", server, interval: interval) }, clock: clock)
        let store = try Store(path: sandbox.storeFile.path)
        let generation = Task { await DaemonService(runner: runner).runGeneration(runner, store: store, sink: RecordingSink(), launch: false) }
        #expect(await clock.waitForSleepers(2))
        return (server, clock, generation)
    }
}
