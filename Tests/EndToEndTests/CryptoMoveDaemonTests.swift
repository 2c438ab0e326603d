import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// crypto_move in a running daemon, which keeps the window's prices between its polls: a loopback
/// CoinLore whose BTC rises 4 % between two polls, and python3-dbusmock's notification server.
@Suite(.sharingTheMachine) struct CryptoMoveDaemonTests {
    @Test func aRiseBetweenTwoOfTheDaemonsPollsNotifies() async throws {
        let script = CryptoEndToEndTests.Script()
        await script.set(try CryptoEndToEndTests.page(prices: ["BTC": "100000"]))
        let coinlore = try await CryptoEndToEndTests.serve(script)
        defer { Task { await coinlore.stop() } }
        let bus = try await MockNotificationServer.start()
        let sandbox = try Sandbox(
            config: """
                [feeds.crypto]
                base_url = "\(coinlore.baseURL)/api"
                symbols = ["BTC"]
                top = 0
                interval = "10s"
                [rules.crypto_change]
                enabled = false
                [rules.crypto_cross]
                enabled = false
                [rules.launch_country]
                enabled = false
                """ + "\n" + Sandbox.noHolidays + "\n" + Sandbox.noForecast)
        let daemon = try DaemonProcess([], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": bus.address]))
        #expect(await daemon.waitUntil { _ in await coinlore.requestLog.count > 0 }, "\(daemon.stderr)")
        await script.set(try CryptoEndToEndTests.page(prices: ["BTC": "104000"]))
        let notified = await daemon.waitUntil(timeout: .seconds(40)) { _ in
            (try? await bus.notifyCalls().contains("BTC +4 % in 1 min ▲")) == true
        }
        let calls = (try? await bus.notifyCalls()) ?? ""
        #expect(notified, "\(calls)\n\(daemon.stderr)")
        #expect(await daemon.stop() == 0)
        #expect(!daemon.stderr.contains("error"), "\(daemon.stderr)")
    }
}
