import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// The whole way with a real notification server: Xvfb, a private session bus and dunst. A
/// click is dunst's default action (`dunstctl action 0`); a stand-in terminal records the argv
/// it was given. Screenshots go to .build/test-artifacts.
@Suite(.serialized, .sharingTheMachine) struct DunstEndToEndTests {
    var notifier: String { URL(fileURLWithPath: ProcessRunner.notifierPath).resolvingSymlinksInPath().path }

    struct Setup {
        let session: DunstSession
        let sandbox: Sandbox
        let terminal: StandInTerminal
        let environment: [String: String]

        init(config: String) async throws {
            session = try await DunstSession.start()
            sandbox = try Sandbox(config: config)
            terminal = try StandInTerminal(in: sandbox.root)
            environment = sandbox.environment(session.environment.merging(["TERMINAL": terminal.path]) { $1 })
        }

        /// Waits for a bubble, photographs it, clicks it, and returns what the terminal was given.
        func clickTheBubble(_ name: String, waitingOn process: DaemonProcess) async throws -> [String]? {
            #expect(await process.waitUntil { _ in await session.displayedCount() >= 1 }, "\(process.stderr)")
            await session.screenshot(name)
            #expect(try await session.dunstctl(["action", "0"]).status == 0)
            _ = await process.waitUntil { _ in terminal.arguments != nil }
            return terminal.arguments
        }
    }

    @Test func aClickOnTheDaemonsBubbleOpensTheDetailView() async throws {
        let setup = try await Setup(config: CLITests.noDelay)
        let daemon = try DaemonProcess(["--seed", "42"], environment: setup.environment)
        let arguments = try await setup.clickTheBubble("dunst-daemon", waitingOn: daemon)
        #expect(arguments?.prefix(4) == ["-e", notifier, "open", "country"], "\(daemon.stderr)")
        #expect(await daemon.stop() == 0)
    }

    @Test func aBubbleFromOnceIsClickableAfterOnceExits() async throws {
        let setup = try await Setup(config: HandOffTests.quietDaemon)
        let daemon = try DaemonProcess([], environment: setup.environment)
        #expect(await daemon.waitUntil { $0.stderr.contains("daemon started") })
        // Ready once its name answers; dunst's own bus is the one the daemon uses.
        #expect(
            await daemon.waitUntil { _ in
                (try? await ProcessRunner.run(
                    "/usr/bin/gdbus",
                    [
                        "call", "--session", "-d", "io.github.notifier", "-o", "/io/github/notifier",
                        "-m", "io.github.notifier.Daemon.Ping",
                    ], environment: setup.session.environment))?.status == 0
            }, "\(daemon.stderr)")
        let onceConfig = setup.sandbox.root.appendingPathComponent("once.toml")
        try HandOffTests.onceFile.write(to: onceConfig, atomically: true, encoding: .utf8)
        let once = try await ProcessRunner.notifier(["--once", "--seed", "42", "--config", onceConfig.path], environment: setup.environment)
        #expect(once.status == 0, "\(once.stderr)")
        let arguments = try await setup.clickTheBubble("dunst-once-handed-off", waitingOn: daemon)
        #expect(arguments?.prefix(4) == ["-e", notifier, "open", "country"], "\(daemon.stderr)")
        #expect(await daemon.stop() == 0)
    }

    @Test func onceWaitServesTheClickItself() async throws {
        let setup = try await Setup(config: HandOffTests.onceConfig)
        let once = try DaemonProcess(["--once", "--seed", "42", "--wait", "30"], environment: setup.environment)
        let arguments = try await setup.clickTheBubble("dunst-once-wait", waitingOn: once)
        #expect(arguments?.prefix(4) == ["-e", notifier, "open", "country"], "\(once.stderr)")
        #expect(once.process.isRunning, "the bubble is still open")
        // Its bubble closed, --wait ends well before its 30 s.
        #expect(try await setup.session.dunstctl(["close-all"]).status == 0)
        #expect(await once.waitUntil(timeout: .seconds(5)) { !$0.process.isRunning }, "\(once.stderr)")
        #expect(once.process.terminationStatus == 0)
    }
}
