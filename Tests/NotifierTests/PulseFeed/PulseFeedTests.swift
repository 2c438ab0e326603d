import Feeds
import Foundation
import Logging
@testable import Notifier
import Rules
import TestSupport
import Testing

/// The test-only pulse feed, registered with its one line, through every path a real feed
/// takes: `--once`, a daemon generation, `--dry-run` and the fault matrix.
@Suite struct PulseFeedTests {
    static let start = Date(timeIntervalSince1970: 1_796_000_000)

    /// A runner with only the pulse feed's source reachable: the other registered feeds are
    /// switched off or offline by their own settings.
    static func runner(_ sandbox: Sandbox, server: LoopbackServer, clock: TestClock? = nil) -> Runner {
        var config = Config()
        config.crypto.enabled = false
        config.forecast.enabled = false
        config.holidays.enabled = false
        config.launchCountryEnabled = false
        config.groupWindow = .zero
        let environment = sandbox.environment()
        let context = AppContext(environment: environment, config: config, configFile: nil, explicitConfigPath: nil,
                                 logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, paths: XDGPaths(environment: environment))
        var runner = Runner(context: context, output: .json, seed: 1)
        runner.feeds = pulseRegistry.map { ($0 as? PulseFeedKind).map { _ in PulseFeedKind(baseURL: server.baseURL + "/pulse") } ?? $0 }
        if let clock {
            runner.clock = clock
            runner.now = { start.addingTimeInterval(clock.now.offset.inSeconds) }
        } else {
            runner.now = { start }
        }
        return runner
    }

    static func serve() async throws -> LoopbackServer {
        try await LoopbackServer.start([("GET /pulse/pulses", { _ in LoopbackServer.json(PulseFeedKind.healthy) })])
    }

    @Test func onceDeliversAndRecordsItsAlert() async throws {
        let server = try await Self.serve()
        let sandbox = try Sandbox()
        let code = await Self.runner(sandbox, server: server).runOnce()
        #expect(code == 0)
        let history = try Store(path: sandbox.storeFile.path).history(limit: 10)
        #expect(history.map(\.rule) == [PulseHighRule.id] && history.map(\.key) == ["alpha"], "\(history)")
        await server.stop()
    }

    @Test func dryRunSaysWhatItWouldDeliver() async throws {
        let server = try await Self.serve()
        let sandbox = try Sandbox()
        let report = await Self.runner(sandbox, server: server).dryRunReport()
        #expect(report.lines.contains("pulse: 2 pulses"), "\(report.lines)")
        #expect(report.lines.contains("would deliver pulse_high alpha: pulse alpha at 7.5"), "\(report.lines)")
        // Nothing written: no store made.
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeFile.path))
        await server.stop()
    }

    @Test func theDaemonPollsItAtItsInterval() async throws {
        let server = try await Self.serve()
        let sandbox = try Sandbox()
        let clock = TestClock()
        let runner = Self.runner(sandbox, server: server, clock: clock)
        let store = try Store(path: sandbox.storeFile.path)
        let sink = RecordingSink()
        let generation = Task { await DaemonService(runner: runner).runGeneration(runner, store: store, sink: sink, launch: false) }
        // Asleep: the held-alert loop and the pulse feed; the feeds switched off have returned.
        #expect(await clock.waitForSleepers(2, timeout: .seconds(20)))
        for _ in 0..<3 {
            clock.advance(by: PulseFeedKind.interval)
            #expect(await clock.waitForSleepers(2, timeout: .seconds(20)))
        }
        generation.cancel()
        await generation.value
        let requests = await server.requestLog
        #expect(requests.count >= 4, "\(requests)")
        let titles = await sink.alerts.map(\.title)
        #expect(titles == ["pulse alpha at 7.5"])
        await server.stop()
    }

    @Test func itSurvivesEveryFault() async throws {
        let feeds = try MatrixFeed.all(pulseRegistry)
        let pulse = try #require(feeds.first { $0.name == PulseSource.name })
        let results = try await FaultMatrixTests.run(feeds: feeds, targets: [pulse])
        for result in results where !result.passed {
            Issue.record("\(result.fault.label) × \(result.feed): \(result.problems.joined(separator: "; "))")
        }
        #expect(results.count == MatrixFault.allCases.count)
    }

    @Test func itsRuleExamplesHold() {
        for example in PulseHighRule.examples { #expect(example.failure() == nil) }
    }
}
