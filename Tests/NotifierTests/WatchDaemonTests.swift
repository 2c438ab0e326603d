import FlyingFox
import Foundation
import Logging
import NotifierSystem
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

/// Watches in the daemon, on a test clock: each on its own schedule, a selector that never ends
/// stopped without holding the others up, and a reload that keeps the schedule of every watch
/// whose settings did not change.
@Suite(.serialized) struct WatchDaemonTests {
    static let start = Date(timeIntervalSince1970: 1_796_000_000)

    static func watch(_ name: String, _ server: LoopbackServer, select: String = ".n", interval: Duration = .seconds(60)) -> WatchSettings {
        var watch = WatchSettings()
        watch.name = name
        watch.url = "\(server.baseURL)/\(name)"
        watch.select = select
        watch.interval = interval
        watch.above = 3
        return watch
    }

    static func runner(_ sandbox: Sandbox, watches: [WatchSettings], clock: TestClock) -> Runner {
        var config = Config()
        config.crypto.enabled = false
        config.forecast.enabled = false
        config.holidays.enabled = false
        config.launchCountry.enabled = false
        config.watches = watches
        return Runner.testing(sandbox, config: config, clock: clock, start: start, seed: 1)
    }

    /// How many polls of `watch` the store holds.
    static func polls(_ store: Store, _ watch: String) -> Int {
        (try? store.watchPolls(watch).count) ?? 0
    }

    static func serve() async throws -> LoopbackServer {
        try await LoopbackServer.start([("GET /*", { _ in LoopbackServer.json(Data(#"{"n": 5}"#.utf8)) })])
    }

    @Test func aSelectorThatNeverEndsHoldsNoOtherWatchUp() async throws {
        let server = try await Self.serve()
        let sandbox = try Sandbox()
        let clock = TestClock()
        var spin = Self.watch("spin", server, select: "last(repeat(.))")
        // The kernel's CPU bound is whole seconds, a second of a core each poll; the wall bound
        // stops it sooner, told as the CPU bound is (`WatchSelectorTests` has the CPU bound).
        spin.selectorLimits.wall = .milliseconds(200)
        let runner = Self.runner(sandbox, watches: [spin, Self.watch("fine", server)], clock: clock)
        let store = try Store(path: sandbox.storeFile.path)
        let generation = Task { await DaemonService(runner: runner).runGeneration(runner, store: store, sink: RecordingSink(), launch: false) }
        // Asleep: the held-alert loop and the watches' schedule.
        #expect(await clock.waitForSleepers(2))
        for minute in 1...4 {
            // The longest rest a 60 s interval jitters to (±10 %): one poll of `fine` a step.
            clock.advance(by: .seconds(66))
            // The minute's polls stored (their rests count from before that); `spin`, asked
            // less often after polls without a value, may have had none.
            // A full run on two cores can keep the in-process selector thread waiting: a
            // generous readiness bound.
            let settled = await eventually(timeout: .seconds(60)) {
                let asked = await server.requests(to: "/spin")
                return Self.polls(store, "fine") == minute && Self.polls(store, "spin") == asked
            }
            #expect(settled, "minute \(minute)")
        }
        generation.cancel()
        await generation.value
        let log = await server.requestLog
        #expect(await server.requests(to: "/fine") == 4, "one poll within each step: \(log)")
        let polls = try store.watchPolls("spin")
        #expect(polls.count >= 2 && polls.allSatisfy { $0.status == .noValue && $0.detail.contains("ran longer than 1 s") }, "\(polls)")
        await server.stop()
    }

    @Test func aReloadKeepsTheScheduleOfWatchesThatDidNotChange() async throws {
        let server = try await Self.serve()
        let sandbox = try Sandbox()
        let clock = TestClock()
        let store = try Store(path: sandbox.storeFile.path)
        let pacing = FeedPacing()
        let kept = Self.watch("kept", server, interval: .seconds(600))
        let changed = Self.watch("changed", server, interval: .seconds(600))
        let first = Self.runner(sandbox, watches: [kept, changed, Self.watch("removed", server, interval: .seconds(600))], clock: clock)
        let one = Task { [first] in await DaemonService(runner: first).runGeneration(first, store: store, sink: RecordingSink(), launch: false, pacing: pacing)
        }
        #expect(await clock.waitForSleepers(2))
        clock.advance(by: .seconds(1)) // the spread first polls
        #expect(await eventually { ["kept", "changed", "removed"].allSatisfy { Self.polls(store, $0) == 1 } })
        #expect(await server.requestLog.count == 3)
        clock.advance(by: .seconds(100))
        one.cancel()
        await one.value

        // SIGHUP: `changed` got another selector, `added` is new, `removed` is gone.
        var edited = changed
        edited.select = ".n + 0"
        let second = Self.runner(sandbox, watches: [kept, edited, Self.watch("added", server, interval: .seconds(600))], clock: clock)
        let two = Task { await DaemonService(runner: second).runGeneration(second, store: store, sink: RecordingSink(), launch: false, pacing: pacing) }
        #expect(await clock.waitForSleepers(2))
        clock.advance(by: .seconds(1))
        #expect(await eventually { Self.polls(store, "changed") == 2 && Self.polls(store, "added") == 1 })
        #expect(await server.requests(to: "/kept") == 1, "kept waits out its interval")
        #expect(await server.requests(to: "/changed") == 2)
        #expect(await server.requests(to: "/added") == 1)
        clock.advance(by: .seconds(500))
        #expect(await eventually { Self.polls(store, "kept") == 2 })
        #expect(await server.requests(to: "/kept") == 2, "at 600 s from its last poll")
        #expect(await server.requests(to: "/removed") == 1)
        two.cancel()
        await two.value
        await server.stop()
    }
}

/// Conditional requests: the validators of the last answer go with the next request, and a 304
/// is a healthy poll of the same values.
@Suite struct WatchConditionalTests {
    actor Seen {
        var ifNoneMatch: [String?] = []
        var ifModifiedSince: [String?] = []
        func record(_ request: FlyingFox.HTTPRequest) {
            ifNoneMatch.append(request.headers[HTTPHeader("If-None-Match")])
            ifModifiedSince.append(request.headers[HTTPHeader("If-Modified-Since")])
        }
    }

    @Test func a304WithItsETagIsTheSameValueAgain() async throws {
        let seen = Seen()
        let server = try await LoopbackServer.start([
            (
                "GET /repo",
                { request in
                    await seen.record(request)
                    if request.headers[HTTPHeader("If-None-Match")] == "\"v1\"" {
                        var headers = HTTPHeaders()
                        headers[HTTPHeader("ETag")] = "\"v1\""
                        return FlyingFox.HTTPResponse(statusCode: .notModified, headers: headers)
                    }
                    return LoopbackServer.json(
                        Data(#"{"stars": 70100}"#.utf8),
                        headers: [HTTPHeader("ETag"): "\"v1\"", HTTPHeader("Last-Modified"): "Wed, 25 Nov 2026 09:00:00 GMT"])
                }
            )
        ])
        var watch = WatchSettings()
        watch.name = "stars"
        watch.url = server.baseURL + "/repo"
        watch.select = ".stars"
        let poller = WatchPoller(watch: watch, http: NotifierSystem.HTTPClient())
        let first = await poller.poll()
        let second = await poller.poll()
        #expect(first.kind == .selected([.number(70100)]) && first.status == "200")
        #expect(second.kind == .selected([.number(70100)]) && second.status == "304 unchanged", "\(second)")
        #expect(await seen.ifNoneMatch == [nil, "\"v1\""])
        #expect(await seen.ifModifiedSince == [nil, "Wed, 25 Nov 2026 09:00:00 GMT"])
        await server.stop()
    }
}
