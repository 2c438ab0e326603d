import EndToEndSupport
import FlyingFox
import Foundation
import NotifierSystem
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

/// Flapping from outside the engine: CoinLore on a loopback server through
/// the real HTTP client, the real store and dispatcher; time simulated, or real `--once` runs.
@Suite(.serialized, .sharingTheMachine) struct FlappingEndToEndTests {
    final class SimulatedNow: Sendable {
        private let date = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { date.withLock { $0 } }
        func advance(minutes: Double) { date.withLock { $0 = $0.addingTimeInterval(minutes * 60) } }
    }

    @Test func sixSwingsInTwoHoursSayFlappingOnceThenCalm() async throws {
        let script = CryptoEndToEndTests.Script()
        // The page first; after it, the poller asks for its coins by id.
        let server = try await LoopbackServer.start([
            ("GET /api/tickers", { _ in LoopbackServer.json(await script.response().0) }),
            (
                "GET /api/ticker",
                { _ in
                    let page = try? JSONSerialization.jsonObject(with: await script.response().0) as? [String: Any]
                    let coins = (page?["data"] as? [[String: Any]])?.filter { $0["symbol"] as? String == "BTC" } ?? []
                    return LoopbackServer.json((try? JSONSerialization.data(withJSONObject: coins)) ?? Data())
                }
            ),
        ])
        let sandbox = try Sandbox()
        var config = Config()
        config.crypto.baseURL = server.baseURL + "/api"
        config.crypto.symbols = ["BTC"]
        config.crypto.top = 0
        config.cryptoCross.enabled = false
        config.cryptoMove.enabled = false
        config.cryptoChange.cooldown = .zero
        let environment = sandbox.environment()
        let context = AppContext(
            environment: environment, config: config, configFile: nil, explicitConfigPath: nil,
            logger: LogSetup.makeLogger(verbose: false, quiet: true), paths: XDGPaths(environment: environment), time: .system)
        let clock = SimulatedNow()
        var runner = Runner(context: context, output: .json, seed: nil)
        runner.now = { clock.now }
        let store = try Store(path: sandbox.storeFile.path)
        let recorder = RecordingSink(name: "test")
        let dispatcher = Dispatcher(sink: recorder, store: store, config: config, logger: context.logger, elsewhere: .network)
        let round = CryptoRound(runner.environment(store: store, dispatcher: dispatcher, launch: false))

        // Every 10 minutes the 24 h change swings across the −5 % band: six falls in two hours.
        for change in ["-2"] + Array(repeating: ["-6.1", "-2"], count: 6).joined() {
            await script.set(try CryptoEndToEndTests.page(changes: ["BTC": change]))
            let error = await round.poll()
            #expect(error == nil, "\(String(describing: error))")
            clock.advance(minutes: 10)
        }
        let fell = "BTC −6.1 % in 24h ▼"
        #expect(await recorder.titles == [fell, fell, fell, "BTC flapping around −5 %: 4 moves in 2h — quiet until it settles"])

        // Still across the band, but no new crossing: calm two hours after the last one.
        await script.set(try CryptoEndToEndTests.page(changes: ["BTC": "-2"]))
        clock.advance(minutes: 90)
        #expect(await round.poll() == nil)
        #expect(await recorder.titles.count == 4, "an hour and 50 minutes after: still quiet")
        clock.advance(minutes: 30)
        #expect(await round.poll() == nil)
        #expect(await recorder.titles.last == "BTC calm again around −5 %: no moves for 2h, now −2 %")
        #expect(await recorder.titles.count == 5)

        // Restarted (a fresh engine from the store): the calm subject notifies as usual again.
        let restarted = CryptoRound(runner.environment(store: store, dispatcher: dispatcher, launch: false))
        await script.set(try CryptoEndToEndTests.page(changes: ["BTC": "-6.1"]))
        clock.advance(minutes: 10)
        #expect(await restarted.poll() == nil)
        #expect(await recorder.titles.last == fell)
        await server.stop()
    }

    @Test func onceRunsShowTheFlappingBubbleAndNoMoreCrossings() async throws {
        let bus = try await MockNotificationServer.start()
        let sandbox = try await BubbleInPlaceTests.run(
            ["-2"] + Array(repeating: ["-6.1", "-2"], count: 6).joined(),
            config: { BubbleInPlaceTests.config($0, notifyResolved: false) }, bus: bus)
        let calls = try await BubbleInPlaceTests.notifies(bus)
        #expect(
            calls.map(\.summary) == [
                "BTC −6.1 % in 24h ▼", "BTC −6.1 % in 24h ▼", "BTC −6.1 % in 24h ▼",
                "BTC flapping around −5 %: 4 moves in 2h — quiet until it settles",
            ], "\(calls)")
        // The first three closed as each move receded; the flapping one stays on screen.
        let closes = try await bus.call("org.freedesktop.DBus.Mock.GetMethodCalls", ["CloseNotification"]).stdout
        #expect(closes.components(separatedBy: "[<").count - 1 == 3, "\(closes)")
        let history = try await ProcessRunner.notifier(["history"], environment: sandbox.environment())
        #expect(history.stdout.contains("flapping"), "\(history.stdout)")
        let rules = try await ProcessRunner.notifier(["rules"], environment: sandbox.environment())
        #expect(
            rules.stdout.contains("BTC:down") && rules.stdout.contains("[flapping since ") && rules.stdout.contains(", 2 not notified]"),
            "the two later falls: \(rules.stdout)")
    }
}
