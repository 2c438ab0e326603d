import FlyingFox
import Foundation
import Logging
import NotifierSystem
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

enum MatrixCell {
    /// 2026-12-14 10:00 UTC (12:00 in Tallinn), a week before the served folk day.
    static let start = Date(timeIntervalSince1970: 1_797_242_400)
    static let failuresToSee = 3
    /// Long enough for every feed's cadence to come round.
    static let phaseLength = Duration.seconds(310)

    static func run(fault: MatrixFault, target: MatrixFeed, feeds: [MatrixFeed]) async throws -> CellResult {
        var servers: [String: LoopbackServer] = [:]
        for feed in feeds { servers[feed.name] = try await LoopbackServer.start(feed.routes) }
        let result = try await exercise(fault: fault, target: target, feeds: feeds, servers: servers)
        for server in servers.values { await server.stop() }
        return result
    }

    private static func exercise(fault: MatrixFault, target: MatrixFeed, feeds: [MatrixFeed], servers: [String: LoopbackServer]) async throws -> CellResult {
        let sandbox = try Sandbox()
        var config = Config()
        config.forecast.enabled = false // until its entry in MatrixFeed.all switches it on
        config.launchCountry.enabled = false
        // Delivery policies are not under test: every alert goes out at once.
        config.delivery.groupWindow = .zero
        config.delivery.rateLimitPerMinute = 1000
        for feed in feeds { feed.configure(&config, servers[feed.name]!.baseURL) }

        let logs = LogLines()
        let logger = Logger(label: "notifier") { _ in CapturingLogHandler(lines: logs) }
        let clock = TestClock()
        // Short, for the server that never answers; long enough for a loaded CI machine.
        let limits = HTTPLimits(connectTimeout: .seconds(4), totalTimeout: .seconds(4))
        var runner = Runner.testing(sandbox, config: config, clock: clock, start: start, logger: logger)
        runner.http = NotifierSystem.HTTPClient(limits: limits)
        runner.feeds = feeds.compactMap { feed in feed.runAs?(servers[feed.name]!.baseURL) }
        let store = try Store(path: sandbox.storeFile.path)
        let sink = RecordingSink(name: "matrix")
        let finished = Flag()
        let daemon = runner
        let generation = Task {
            await DaemonService(runner: daemon).runGeneration(daemon, store: store, sink: sink, launch: false)
            finished.set()
        }
        defer { generation.cancel() }
        let result =
            try await observeCell(
                fault: fault, target: target, feeds: feeds, servers: servers, clock: clock, logs: logs,
                sink: sink, finished: finished, limits: limits
            ).map(CellResult.init(judging:)) ?? CellResult(fault: fault, feed: target.name, problems: ["the daemon never settled at the start"])
        generation.cancel()
        await generation.value
        return result
    }

    /// What the cell saw: every poll of every feed, on the clock, through a healthy start, the
    /// fault and the healing; nil when the daemon never went idle at the start.
    private static func observeCell(
        fault: MatrixFault, target: MatrixFeed, feeds: [MatrixFeed], servers: [String: LoopbackServer],
        clock: TestClock, logs: LogLines, sink: RecordingSink, finished: Flag, limits: HTTPLimits
    ) async throws -> CellObservation? {
        var startProblems: [String] = []

        // Every feed loop and the delivery loop asleep: the daemon is idle at the clock's time.
        let loops = feeds.count + 1
        var polls: [String: [Poll]] = [:]
        var seenRequests: [String: Int] = [:]
        var seenFailures: [String: Int] = [:]
        func observe() async -> Bool {
            guard await clock.waitForSleepers(loops, timeout: .seconds(20)) else { return false }
            for feed in feeds {
                let requests = await servers[feed.name]!.requestLog.count
                let failures = logs.failures(of: feed.name).count
                if requests > seenRequests[feed.name, default: 0] || failures > seenFailures[feed.name, default: 0] {
                    polls[feed.name, default: []].append(Poll(at: clock.now.offset, failed: failures > seenFailures[feed.name, default: 0]))
                }
                seenRequests[feed.name] = requests
                seenFailures[feed.name] = failures
            }
            return true
        }
        func step() async -> Bool {
            clock.advanceToNextDeadline()
            return await observe()
        }

        // Healthy start: every feed polls and works (on a loaded machine a first poll may time
        // out; the feed's backoff brings the next one).
        guard await observe() else {
            return nil
        }
        for _ in 0..<50 where feeds.contains(where: { polls[$0.name]?.last?.failed != false }) {
            guard await step() else { break }
        }
        for feed in feeds where polls[feed.name]?.last?.failed != false {
            startProblems.append("\(feed.name) did not start healthy: \(logs.failures(of: feed.name))")
        }
        await sink.reset()
        let healthyLines = logs.count

        // The fault: several polls of the target feed.
        let faultStart = clock.now.offset
        let faultPollsBefore = polls[target.name]?.count ?? 0
        try await servers[target.name]!.inject(fault.serverFault(for: target, limit: limits.maxBodyBytes))
        var settled = true
        while settled {
            let seen = (polls[target.name]?.count ?? 0) - faultPollsBefore
            if seen >= failuresToSee && clock.now.offset - faultStart >= phaseLength { break }
            settled = await step()
        }
        let faultPolls = Array((polls[target.name] ?? []).dropFirst(faultPollsBefore))
        let faultLines = Array(logs.all.dropFirst(healthyLines))

        // Healed: the feed must come back by itself.
        try await servers[target.name]!.inject(nil)
        let healStart = clock.now.offset
        let healPollsBefore = polls[target.name]?.count ?? 0
        while settled {
            let seen = (polls[target.name]?.count ?? 0) - healPollsBefore
            if seen >= 2 && clock.now.offset - healStart >= phaseLength { break }
            settled = await step()
        }
        let healPolls = Array((polls[target.name] ?? []).dropFirst(healPollsBefore))
        let healLines = Array(logs.all.dropFirst(healthyLines + faultLines.count))

        return CellObservation(
            fault: fault, target: target, feeds: feeds, targetURL: servers[target.name]!.baseURL, startProblems: startProblems,
            polls: polls, faultStart: faultStart, faultPolls: faultPolls, healPolls: healPolls, faultLines: faultLines,
            healLines: healLines, settled: settled, finished: finished.isSet, asleepAtEnd: clock.sleeperCount == loops,
            alerts: await sink.alerts.filter { $0.rule != "feed_health" })
    }
}
