import EndToEndSupport
import Foundation
import TestSupport
import Testing

@Suite(.sharingTheMachine) struct DaemonTests {
    /// Starts the daemon, waits for its first notification, then stops it as a session would.
    @Test(arguments: [SIGTERM, SIGINT])
    func deliversThenStopsWithZeroOnSignal(_ signalNumber: Int32) async throws {
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessRunner.notifierPath)
        process.arguments = ["--output", "json", "--seed", "5"]
        process.environment = sandbox.environment()
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()

        let firstLine: String = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                var data = Data()
                while !data.contains(0x0A) {
                    let chunk = out.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    data.append(chunk)
                }
                continuation.resume(returning: String(decoding: data, as: UTF8.self))
            }
        }
        #expect(firstLine.contains("\"rule\":\"launch_country\""), "\(firstLine)")
        #expect(process.isRunning, "the daemon keeps running after delivering")

        if signalNumber == SIGTERM {
            // A second daemon for the same state directory refuses; --once alongside is fine.
            let second = try await ProcessRunner.notifier(["--output", "json"], environment: sandbox.environment())
            #expect(second.status == 1)
            #expect(second.stderr.contains("another notifier daemon (pid \(process.processIdentifier)) already runs for"), "\(second.stderr)")
            let once = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
            #expect(once.status == 0)
        }
        kill(process.processIdentifier, signalNumber)
        let status: Int32 = await withCheckedContinuation { continuation in
            Blocking.run { continuation.resume(returning: KilledProcess.exitStatus(process)) }
        }
        #expect(status == 0, "exited with 0, not ended by the signal")
    }
}

@Suite(.sharingTheMachine) struct DaemonReloadTests {
    @Test func sighupKeepsTheOldConfigWhenTheNewOneIsBadAndAppliesAGoodOne() async throws {
        let page = try Samples.data("coinlore_tickers_page1.json")
        let server = try await LoopbackServer.start([("GET /api/tickers", { _ in LoopbackServer.json(page) })])
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let daemon = try DaemonProcess(["--output", "json"], environment: sandbox.environment())
        #expect(await daemon.waitUntil { $0.stdout.contains("\"rule\":\"launch_country\"") })

        try "[rules.launch_country]\ndelay_seconds = 90\n".write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(await daemon.waitUntil { $0.stderr.contains("config not reloaded, keeping the previous one") }, "\(daemon.stderr)")
        #expect(daemon.stderr.contains("config.toml:2: rules.launch_country.delay_seconds must be between 0 and 60, got 90"))
        #expect(daemon.process.isRunning)

        try """
        [rules.launch_country]
        delay_seconds = 0
        [feeds.crypto]
        base_url = "\(server.baseURL)/api"
        [rules.holiday_upcoming]
        enabled = false
        """.write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(await daemon.waitUntil { $0.stderr.contains("config reloaded") }, "\(daemon.stderr)")
        #expect(await daemon.waitUntil { _ in await server.requests(to: "/api/tickers") > 0 }, "the reloaded config's feed is polled")
        #expect(await daemon.waitUntil { $0.stdout.contains("coins moved") }, "\(daemon.stdout)")

        #expect(await daemon.stop() == 0)
        #expect(daemon.stdout.components(separatedBy: "\"rule\":\"launch_country\"").count == 2, "the launch country once, not per reload")
        await server.stop()
    }
}

@Suite(.sharingTheMachine) struct DaemonRestartTests {
    @Test func aRestartedDaemonDeliversNothingTwice() async throws {
        let page = try Samples.data("coinlore_tickers_page1.json")
        let server = try await LoopbackServer.start([("GET /api/tickers", { _ in LoopbackServer.json(page) })])
        let sandbox = try Sandbox(
            config: """
                [feeds.crypto]
                base_url = "\(server.baseURL)/api"
                [rules.launch_country]
                enabled = false
                """)
        let first = try DaemonProcess(["--output", "json"], environment: sandbox.environment())
        #expect(await first.waitUntil { $0.stdout.contains("2 coins moved") }, "\(first.stderr)")
        #expect(await first.stop() == 0)

        let before = await server.requests(to: "/api/tickers")
        let second = try DaemonProcess(["--output", "json"], environment: sandbox.environment())
        #expect(await second.waitUntil { _ in await server.requests(to: "/api/tickers") > before }, "the restarted daemon polls")
        // Its poll is evaluated and committed before anything could be shown; give the outbox a
        // moment, then check nothing came out.
        #expect(await second.waitUntil(timeout: .seconds(2)) { !$0.stdout.isEmpty } == false, "\(second.stdout)")
        #expect(await second.stop() == 0)

        let history = try await ProcessRunner.notifier(["history", "--json"], environment: sandbox.environment())
        #expect(history.stdout.split(separator: "\n").count == 1, "\(history.stdout)")
        await server.stop()
    }
}

/// A SIGHUP storm does not restart the feeds' schedules; a real change still
/// reloads.
@Suite(.sharingTheMachine) struct DaemonHangupStormTests {
    /// A daemon polling a loopback CoinLore hourly, after its first poll; its config's text.
    struct HourlyCrypto {
        let server: LoopbackServer
        let sandbox: Sandbox
        let daemon: DaemonProcess
        let config: String

        init(_ extra: String = "") async throws {
            let page = try Samples.data("coinlore_tickers_page1.json")
            server = try await LoopbackServer.start([("GET /api/tickers", { _ in LoopbackServer.json(page) })])
            config = """
                [feeds.crypto]
                base_url = "\(server.baseURL)/api"
                interval = "1h"
                [rules.launch_country]
                enabled = false
                [rules.holiday_upcoming]
                enabled = false

                """ + extra
            sandbox = try Sandbox(config: config)
            daemon = try DaemonProcess(["--output", "json"], environment: sandbox.environment())
            #expect(await requests(becomes: 1), "\(daemon.stderr)")
        }

        func requests(becomes count: Int) async -> Bool {
            await daemon.waitUntil { _ in await server.requests(to: "/api/tickers") == count }
        }

        /// Writes the config with `old` replaced and sends SIGHUP.
        func save(replacing old: String, with new: String) throws {
            try config.replacingOccurrences(of: old, with: new).write(to: sandbox.configFile, atomically: true, encoding: .utf8)
            daemon.signal(SIGHUP)
        }

        func reloads() -> Int { daemon.stderr.components(separatedBy: "config reloaded").count - 1 }
    }

    @Test func aStormOfHangupsCostsNoRequestsAndAChangeStillCounts() async throws {
        let crypto = try await HourlyCrypto()
        // 100 a second for 3 s, as a misbehaving script would send them.
        for _ in 0..<300 {
            crypto.daemon.signal(SIGHUP)
            try await Task.sleep(for: .milliseconds(10))
        }
        // A real change after the storm: its reload is the readiness mark (the storm's are done).
        try crypto.save(replacing: "interval = \"1h\"", with: "interval = \"2h\"")
        #expect(await crypto.daemon.waitUntil { _ in crypto.reloads() == 1 }, "\(crypto.daemon.stderr)")
        #expect(await crypto.requests(becomes: 2), "the changed config polls again")
        #expect(crypto.reloads() == 1, "one reload, for the one change: \(crypto.daemon.stderr)")
        #expect(await crypto.server.requests(to: "/api/tickers") == 2, "the storm cost no request")
        #expect(crypto.daemon.process.isRunning)
        #expect(await crypto.daemon.stop() == 0)
        await crypto.server.stop()
    }

    /// An editor that saves and signals at every save: each save changes the file, but not the
    /// crypto feed's settings, so its schedule goes on as before (each save is a reload).
    @Test func savesThatLeaveAFeedsSettingsAloneKeepItsSchedule() async throws {
        let crypto = try await HourlyCrypto("[rules.crypto_change]\nthreshold_percent = 5\n")
        for save in 1...5 {
            try crypto.save(replacing: "threshold_percent = 5", with: "threshold_percent = \(5 + save)")
            #expect(await crypto.daemon.waitUntil { _ in crypto.reloads() == save }, "\(crypto.daemon.stderr)")
        }
        // Each reload's feed loop is running by now; a poll would have been at once.
        #expect(
            await crypto.daemon.waitUntil(timeout: .seconds(2)) { _ in await crypto.server.requests(to: "/api/tickers") > 1 } == false,
            "five reloads of other settings cost no request")
        #expect(await crypto.daemon.stop() == 0)
        await crypto.server.stop()
    }
}
