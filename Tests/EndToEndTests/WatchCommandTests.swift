import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A watch's `command` as the program runs it: started the way a service manager may start the
/// daemon (signals blocked and ignored), what the command starts bounded and gone afterwards.
@Suite(.serialized, .sharingTheMachine) struct WatchCommandTests {
    /// The built program started with SIGTERM, SIGINT, SIGHUP and SIGALRM blocked and SIGTERM
    /// and SIGPIPE ignored: both survive exec, as under a careless service manager.
    static func hostileStart(_ arguments: [String], environment: [String: String]) async throws -> ProcessResult {
        let launcher = """
            import os, signal, sys
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGALRM})
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            signal.signal(signal.SIGPIPE, signal.SIG_IGN)
            os.execv(sys.argv[1], sys.argv[1:])
            """
        return try await ProcessRunner.run("/usr/bin/python3", ["-c", launcher, ProcessRunner.notifierPath] + arguments, environment: environment)
    }

    @Test func aCommandStartsWithDefaultSignalsSoTimeoutWorks() async throws {
        let sandbox = try Sandbox(
            config: WatchEndToEndTests.config(
                """
                [[watches]]
                name = "stopper"
                command = ["timeout", "2", "sleep", "15"]
                select = "."
                change = true

                [[watches]]
                name = "signals"
                command = ["cat", "/proc/self/status"]
                select = '[splits("\\n") | select(test("^Sig(Blk|Ign)")) | gsub("\\\\s"; "")] | join(",")'
                change = true
                """))
        let started = ContinuousClock.now
        let result = try await Self.hostileStart(["--once", "--dry-run"], environment: sandbox.environment())
        let took = started.duration(to: .now)
        // Status 124 is timeout's own after its SIGTERM ended the sleep at 2 s: with the signal
        // blocked or ignored the sleep would have run on to the command's 10 s bound ("timed out").
        // The time is only a backstop: a loaded machine starts the program slowly.
        #expect(took < .seconds(90), "\(took)")
        #expect(
            result.stdout.contains("watch stopper: no data, so no alert (watch stopper feed: RUN timeout 2 sleep 15 exited with status 124)"),
            "\(result.stdout)")
        #expect(result.stdout.contains("SigBlk:0000000000000000,SigIgn:0000000000000000"), "\(result.stdout)")
    }

    @Test func aChildThatOutlivesItsCommandEndsThePassAtTheBoundAndGoes() async throws {
        let sandbox = try Sandbox(
            config: WatchEndToEndTests.config(
                """
                [[watches]]
                name = "lingering"
                command = ["sh", "-c", "sleep 1251 & echo 5"]
                select = "."
                above = 3

                [[watches]]
                name = "detached"
                command = ["sh", "-c", "sleep 1252 >/dev/null 2>&1 & echo 5"]
                select = "."
                above = 3
                """))
        let started = ContinuousClock.now
        let result = try await WatchEndToEndTests.once(sandbox)
        let took = started.duration(to: .now)
        // At the 10 s bound, not the child's 1251 s; a loaded machine starts the program late.
        #expect(took >= .seconds(9) && took < .seconds(60), "at the 10 s bound: \(took)")
        #expect(
            result.stderr.contains("watch lingering feed: RUN sh -c sleep 1251 & echo 5 exited, but what it started still held its output after 10 s; stopped"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("detached"), "\(result.stderr)")
        #expect(RunningPrograms.gone(["sleep", "1251"], ["sleep", "1252"]))
    }

    @Test func theDaemonsSigtermEndsARunningCommandAndWhatItStarted() async throws {
        let sandbox = try Sandbox(
            config: WatchEndToEndTests.config(
                """
                [[watches]]
                name = "slow"
                command = ["sh", "-c", "sleep 1253 & sleep 1254"]
                select = "."
                above = 3
                """))
        let daemon = try DaemonProcess(["--output", "json"], environment: sandbox.environment())
        #expect(await daemon.waitUntil { _ in RunningPrograms.contains(["sleep", "1254"]) }, "\(daemon.stderr)")
        let started = ContinuousClock.now
        let status = await daemon.stop(timeout: 8)
        #expect(status == 0, "\(daemon.stderr)")
        #expect(started.duration(to: .now) < .seconds(4))
        #expect(RunningPrograms.gone(["sleep", "1253"], ["sleep", "1254"]))
    }

    @Test func invisibleMarksNeverReachABubbleOrTheView() async throws {
        let bus = try await MockNotificationServer.start()
        let sandbox = try Sandbox()
        let value = sandbox.root.appendingPathComponent("value.json")
        try WatchEndToEndTests.config(
            """
            [delivery]
            images = false

            [[watches]]
            name = "invoice"
            command = ["cat", "\(value.path)"]
            select = ".file"
            change = true
            """
        ).write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        for file in ["a.pdf", "invoice \\u202Eexe\\u200F.\\u061Cpdf\\u200B"] {
            try "{\"file\": \"\(file)\"}".write(to: value, atomically: true, encoding: .utf8)
            let result = try await ProcessRunner.notifier(["--once"], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": bus.address]))
            #expect(result.status == 0, "\(result.stderr)")
        }
        let calls = try await bus.notifyCalls()
        #expect(calls.contains("invoice changed: a.pdf → invoice exe.pdf"), "\(calls)")
        let shown = try await ProcessRunner.notifier(["open", "watch", "invoice", "--plain"], environment: sandbox.environment())
        #expect(shown.stdout.contains("Value       invoice exe.pdf\n"), "\(shown.stdout)")
        for mark in ["\u{202E}", "\u{200F}", "\u{061C}", "\u{200B}"] {
            #expect(!calls.contains(mark) && !shown.stdout.contains(mark))
        }
        let history = try await ProcessRunner.notifier(["history"], environment: sandbox.environment())
        #expect(history.stdout.contains("invoice exe.pdf"), "\(history.stdout)")
    }

    /// libjq is opened on first use: a daemon with `config default`'s file (its one watch off)
    /// never maps it, nor its libonig; one with a watch on does.
    @Test func anIdleDaemonWithoutWatchesMapsNoLibjq() async throws {
        let sandbox = try Sandbox()
        let written = try await ProcessRunner.notifier(["config", "default"], environment: sandbox.environment())
        try written.stdout.write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        for watching in [false, true] {
            if watching {
                try (written.stdout + "\n[[watches]]\nname = \"disk\"\ncommand = [\"echo\", \"7\"]\nselect = \".\"\nabove = 9\n")
                    .write(to: sandbox.configFile, atomically: true, encoding: .utf8)
            }
            let daemon = try DaemonProcess(["--output", "json"], environment: sandbox.environment())
            let maps = "/proc/\(daemon.process.processIdentifier)/maps"
            if watching {
                #expect(
                    await daemon.waitUntil(timeout: .seconds(60)) { _ in ProcFile.text(maps).contains("libjq") },
                    "running: \(daemon.process.isRunning); \(daemon.stderr)")
                // Its config is loaded before its signal handlers are in place: a moment for those.
                try await Task.sleep(for: .seconds(1))
            } else {
                // Idle: its config loaded (its SIGTERM handler comes after) and its first passes
                // done long before the look.
                let loaded = await daemon.waitUntil(timeout: .seconds(60)) { $0.handlesSIGTERM }
                #expect(loaded && daemon.process.isRunning, "\(daemon.stderr)")
                try await Task.sleep(for: .seconds(3))
                let mapped = ProcFile.text(maps)
                #expect(!mapped.isEmpty, "\(daemon.stderr)")
                #expect(!mapped.contains("libjq") && !mapped.contains("libonig"))
            }
            let status = await daemon.stop()
            #expect(status == 0, "\(status) \(daemon.stderr)")
        }
    }
}
