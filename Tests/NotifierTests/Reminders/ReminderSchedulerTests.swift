import Foundation
import Logging
import NotifierSystem
import ProgramTestSupport
import Synchronization
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

/// The daemon's reminder loop on a test clock, its wall clock moved apart from it: a deadline is
/// a wall-clock instant, the loop sleeps until the next one (never past it, never in steps), and
/// a wall clock set (which the kernel also reports after a resume) makes it look again at once.
@Suite struct ReminderSchedulerTests {
    static let start = try! Date("2026-11-25T06:50:00Z", strategy: .iso8601) // 08:50 in Tallinn

    final class WallClock: Sendable {
        let jumped = Mutex<TimeInterval>(0)
        let clock: TestClock
        init(_ clock: TestClock) { self.clock = clock }
        var now: Date { ReminderSchedulerTests.start.addingTimeInterval(clock.now.offset.inSeconds + jumped.withLock { $0 }) }
    }

    static func runner(_ sandbox: Sandbox, clock: TestClock, wall: WallClock, nag: Duration? = nil) -> Runner {
        var config = Config()
        config.crypto.enabled = false
        config.forecast.enabled = false
        config.holidays.enabled = false
        config.launchCountry.enabled = false
        var reminder = ReminderSettings()
        reminder.name = "standup"
        reminder.text = "Stand-up"
        reminder.at = "09:00"
        reminder.every = "daily"
        reminder.timeZone = "Europe/Tallinn"
        reminder.lead = [.seconds(300)]
        reminder.nag = nag
        config.reminders = [reminder]
        var runner = Runner.testing(sandbox, config: config, clock: clock, now: { wall.now }, seed: 1)
        runner.feeds = [RemindersFeedKind()]
        return runner
    }

    @Test func theLeadAndTheTimeOnTheClockAndAClockSetFoundAtOnce() async throws {
        let sandbox = try Sandbox()
        let clock = TestClock()
        let wall = WallClock(clock)
        let runner = Self.runner(sandbox, clock: clock, wall: wall)
        let store = try Store(path: sandbox.storeFile.path)
        let sink = RecordingSink()
        let generation = Task { await DaemonService(runner: runner).runGeneration(runner, store: store, sink: sink, launch: false) }
        defer { generation.cancel() }
        // The held-alert loop and the reminders' wait.
        #expect(await clock.waitForSleepers(2))
        // To 09:00 in two waits, each to a deadline: the lead at 08:55, the time at 09:00.
        var waits: [Duration] = []
        while await sink.alerts.count < 2, waits.count < 100 {
            guard let next = clock.nextDeadline else { break }
            waits.append(clock.now.duration(to: next))
            clock.advance(by: clock.now.duration(to: next))
            #expect(await clock.waitForSleepers(2))
        }
        #expect(waits == [.seconds(300), .seconds(300)], "\(waits)")
        let shown = await sink.alerts
        #expect(shown.map(\.title) == ["Stand-up in 5 min", "Stand-up"], "\(shown.map(\.title))")
        #expect(shown.map(\.subject) == ["standup", "standup"])
        #expect(wall.now.timeIntervalSince(Self.start) <= 600 + 1)

        // The wall clock set a day and twenty minutes on (the test clock stays): told, as the
        // kernel tells a set clock, the loop looks at once.
        wall.jumped.withLock { $0 += 86400 + 20 * 60 }
        SystemWatch.shared.announce(.wallClock)
        #expect(await eventually(timeout: .seconds(10)) { await sink.alerts.count == 3 })
        let after = await sink.alerts
        #expect(after.count == 3, "\(after.map(\.title))")
        #expect(after.last?.body == "was due 09:00 (20 min late)", "\(after.map(\.body))")
        generation.cancel()
        await generation.value
    }

    /// Moves the clock to each deadline the loops sleep until, up to `end` on the wall clock.
    static func advance(_ clock: TestClock, _ wall: WallClock, through end: Date) async {
        while let next = clock.nextDeadline, wall.now.addingTimeInterval(clock.now.duration(to: next).inSeconds) <= end {
            clock.advance(by: clock.now.duration(to: next))
            #expect(await clock.waitForSleepers(2))
        }
    }

    @Test func aNagComesOnTheClockUntilDone() async throws {
        let sandbox = try Sandbox()
        let clock = TestClock()
        let wall = WallClock(clock)
        let runner = Self.runner(sandbox, clock: clock, wall: wall, nag: .seconds(300))
        let store = try Store(path: sandbox.storeFile.path)
        let sink = RecordingSink()
        let generation = Task { await DaemonService(runner: runner).runGeneration(runner, store: store, sink: sink, launch: false) }
        #expect(await clock.waitForSleepers(2))
        // To 09:11, deadline by deadline: the lead, the time, and the nags at 09:05 and 09:10.
        await Self.advance(clock, wall, through: Self.start.addingTimeInterval(21 * 60))
        var bodies = await sink.alerts.map(\.body)
        #expect(bodies.filter { $0.hasPrefix("still to do") }.count == 2, "\(bodies)")
        try store.markReminderDone("standup", key: "2026-11-25T09:00")
        await Self.advance(clock, wall, through: Self.start.addingTimeInterval(40 * 60))
        bodies = await sink.alerts.map(\.body)
        #expect(bodies.filter { $0.hasPrefix("still to do") }.count == 2, "Done stops it: \(bodies)")
        generation.cancel()
        await generation.value
    }
}
