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
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierPulse
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// The test-only pulse feed, registered with its one line, through every path a real feed
/// takes: `--once`, a daemon generation, `--dry-run`, the fault matrix, `open` and its link.
@Suite struct PulseFeedTests {
    static let start = Date(timeIntervalSince1970: 1_796_000_000)

    /// A runner with only the pulse feed's source reachable: the other registered feeds are
    /// switched off or offline by their own settings.
    static func runner(
        _ sandbox: Sandbox, server: LoopbackServer, clock: TestClock? = nil, configure: (inout Config) -> Void = { _ in }
    ) -> Runner {
        var config = Config()
        config.crypto.enabled = false
        config.forecast.enabled = false
        config.holidays.enabled = false
        config.launchCountry.enabled = false
        config.delivery.groupWindow = .zero
        configure(&config)
        var runner = Runner.testing(sandbox, config: config, clock: clock, start: start, seed: 1)
        runner.feeds = testedFeeds.map { ($0 as? PulseFeedKind).map { _ in PulseFeedKind(baseURL: server.baseURL + "/pulse") } ?? $0 }
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

    /// The dry run goes through the real dispatcher: in quiet hours it says the alert is held,
    /// in the words of `notifier why`, instead of promising a bubble.
    @Test func dryRunInQuietHoursSaysTheAlertIsHeld() async throws {
        let server = try await Self.serve()
        let sandbox = try Sandbox()
        let hour = Calendar.current.component(.hour, from: Self.start)
        let quiet = try QuietHours(start: String(format: "%02d:00", hour), end: String(format: "%02d:00", (hour + 2) % 24))
        let runner = Self.runner(sandbox, server: server) { $0.delivery.quietHours = quiet }
        let report = await runner.dryRunReport()
        #expect(!report.lines.contains { $0.hasPrefix("would deliver") }, "\(report.lines)")
        let held = try #require(report.lines.firstIndex(of: "held pulse_high alpha: pulse alpha at 7.5"), "\(report.lines)")
        #expect(report.lines[held + 1] == "  because held for quiet hours; delivered in a summary when they end", "\(report.lines)")
        #expect(report.text.hasSuffix("nothing would be delivered\n"), "\(report.text)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeFile.path))
        await server.stop()
    }

    /// The dry run is the pass against a scratch copy: it reads the stored state (alpha has
    /// fired already, so nothing would come) and leaves the file as it was.
    @Test func dryRunReadsTheStoreAndLeavesItAsItWas() async throws {
        let server = try await Self.serve()
        let sandbox = try Sandbox()
        #expect(await Self.runner(sandbox, server: server).runOnce() == 0)
        let before = try Data(contentsOf: sandbox.storeFile)
        let report = await Self.runner(sandbox, server: server).dryRunReport()
        #expect(report.lines == ["pulse: 2 pulses"], "\(report.lines)")
        #expect(try Data(contentsOf: sandbox.storeFile) == before)
        #expect(try Store(path: sandbox.storeFile.path).history(limit: 10).count == 1)
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
        #expect(await clock.waitForSleepers(2))
        for _ in 0..<3 {
            clock.advance(by: PulseFeedKind.interval)
            #expect(await clock.waitForSleepers(2))
        }
        generation.cancel()
        await generation.value
        let requests = await server.requestLog
        #expect(requests.count >= 4, "\(requests)")
        let titles = await sink.alerts.map(\.title)
        #expect(titles == ["pulse alpha at 7.5"])
        await server.stop()
    }

    @Test func openShowsItsView() async throws {
        let server = try await Self.serve()
        let sandbox = try Sandbox()
        #expect(await Self.runner(sandbox, server: server).runOnce() == 0)
        await server.stop()
        let views = ViewRegistry(feeds: testedFeeds)
        #expect(try await views.open("pulse", ["alpha", "--store", sandbox.storeFile.path]))
        #expect(OpenPulse.shown.withLock { $0 }.contains("pulse alpha\n  pulse alpha at 7.5\n"))
        // `open` lists it beside the program's views, and the program's own list does not.
        #expect(views.views.map(\.name) == Program.notifier.views.views.map(\.name) + ["pulse"])
        #expect(try await !Program.notifier.views.open("pulse", ["alpha"]))
    }

    @Test func itsDeepLinkOpensItsView() async throws {
        let sandbox = try Sandbox()
        let views = ViewRegistry(feeds: testedFeeds)
        let link = try DeepLink(url: "notifier://pulse/gamma_7", in: views.catalog)
        #expect(link.arguments == ["open", "pulse", "gamma_7"])
        try await views.openURL("notifier://pulse/gamma_7", configPath: sandbox.configFile.path, program: Program(feeds: testedFeeds))
        #expect(OpenPulse.shown.withLock { $0 }.contains { $0.hasPrefix("pulse gamma_7\n") })
        // As strict as every other view's link.
        for hostile in ["notifier://pulse/GAMMA", "notifier://pulse/g-1", "notifier://pulse/", "notifier://pulse/a/b", "notifier://pulse/$(id)"] {
            await #expect(throws: UserError.self) { try await views.openURL(hostile, configPath: nil, program: Program(feeds: testedFeeds)) }
        }
        // Unknown to the program itself, which names its own views.
        #expect(
            throws: DeepLink.URLError.unknownView(
                "pulse",
                views: ["country", "crypto", "holiday", "week", "forecast", "reminder", "event", "watch", "subscription", "list", "history", "feed"])
        ) {
            try DeepLink(url: "notifier://pulse/alpha", in: Program.notifier.views.catalog)
        }
    }

    /// The views the feeds bring are those the rules link to: no link leads nowhere.
    @Test func theProgramsViewsAreItsRulesLinks() {
        #expect(Program.notifier.views.catalog.names == Program.notifier.ruleLinks.names)
    }

    /// `notifier rules` lists its rule after the program's, with the subject its pass left.
    @Test func rulesListsItsRule() async throws {
        let server = try await Self.serve()
        let sandbox = try Sandbox()
        let runner = Self.runner(sandbox, server: server)
        #expect(await runner.runOnce() == 0)
        await server.stop()
        let text = RulesCommand.text(context: runner.context, now: Self.start, style: TerminalStyle(enabled: false), feeds: testedFeeds)
        #expect(text.contains("pulse_high  A test pulse above its threshold\n  alpha  "), "\(text)")
        #expect(!RulesCommand.text(context: runner.context, now: Self.start, style: TerminalStyle(enabled: false)).contains("pulse_high"))
    }

    /// `config default` prints its tables where they belong, and leaves the program's as they are.
    @Test func configDefaultPrintsItsSections() {
        let text = ConfigSchema(feeds: testedFeeds, delivery: DeliveryFeatures.all).defaultText
        #expect(text.contains("\n\n[pulse]\n# A feed only the tests have.\nenabled = true\n\n[rules.launch_country]\n"), "\(text)")
        #expect(text.contains("\n\n[rules.pulse_high]\n"))
        let withoutIt = text.replacingOccurrences(of: PulseSettings.documented + "\n\n", with: "")
            .replacingOccurrences(of: PulseHighSettings.documented + "\n\n", with: "")
        #expect(withoutIt == DefaultConfig.text)
        #expect(!DefaultConfig.text.contains("pulse"))
    }

    /// `notifier test` replays its recordings against the golden file beside them.
    @Test func itsRecordingsReplayAsTheGoldenFileSays() async throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scenarios/pulse")
        let feeds = testedFeeds.compactMap { $0 as? any RecordedFeed }
        let scenario = try Scenario.read(directory.path, suffixes: Set(feeds.flatMap(\.recordingSuffixes)))
        #expect(scenario.steps.count == 4)
        var config = Config()
        config.delivery.groupWindow = .zero
        let output = await ScenarioReplay(config: config, timeZone: .gmt).report(
            scenario, feeds: feeds, migrations: Program(feeds: testedFeeds, delivery: DeliveryFeatures.all).storeMigrations)
        let golden = try String(contentsOf: directory.appendingPathComponent("expected.txt"), encoding: .utf8)
        #expect(output == golden, "\(TestCommand.difference(expected: golden, actual: output))")
    }

    @Test func itsRuleExamplesHold() {
        for example in PulseHighRule.examples { #expect(example.failure() == nil) }
    }
}
