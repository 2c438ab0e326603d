import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// The digest as a person meets it: a daemon past its time shows, once, what went to the
/// channels; a bad time is an error at its line.
@Suite(.serialized) struct DigestTests {
    static let config = WatchEndToEndTests.othersOff + "\n[digest]\nat = \"18:00\"\n"

    @Test func theDaemonShowsWhatWentToTheChannelsOnceAtItsTime() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        // A store with two rows sent to the phone while away this afternoon, one shown here.
        let pass = try await FakeTime.notifier(["--once", "--output", "json"], at: "2026-11-29 12:00:00", environment: environment)
        #expect(pass.status == 0, "\(pass.stderr)")
        let insert = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            for at, title, sink in [("2026-11-29 13:15:00.000", "BTC −6 % in 24h", "channel phone"),
                                    ("2026-11-29 14:05:00.000", "Standup moved", "channel phone"),
                                    ("2026-11-29 15:00:00.000", "Shown here", "desktop")]:
                db.execute("INSERT INTO delivery (delivered_at, rule, key, title, body, urgency, deep_link, sink, reason) VALUES (?, 'x', ?, ?, '', 'normal', 'notifier open history', ?, '')", (at, title, title, sink))
            db.commit()
            """
        let inserted = try await ProcessRunner.run("/usr/bin/python3", ["-c", insert, sandbox.storeFile.path], environment: environment)
        #expect(inserted.status == 0, "\(inserted.stderr)")
        let daemon = try DaemonProcess(
            command: ["/bin/sh", "-c", "exec \"$0\" \"$@\"", ProcessRunner.notifierPath, "--output", "terminal"],
            environment: FakeTime.environment(environment, at: "2026-11-29 17:59:58"))
        let shown = await daemon.waitUntil(timeout: .seconds(30)) { $0.stdout.contains("Digest: 2 notifications went to your channels") }
        // Seen again for a while: it is not repeated.
        try await Task.sleep(for: .seconds(2))
        _ = await daemon.stop()
        #expect(shown, "\(daemon.stdout.suffix(600))")
        #expect(daemon.stdout.components(separatedBy: "Digest:").count == 2, "\(daemon.stdout.suffix(600))")
        #expect(daemon.stdout.contains("16:05 Standup moved (channel phone)") && !daemon.stdout.contains("Shown here"), "\(daemon.stdout.suffix(600))")
    }

    @Test func aTimeThatIsNoTimeIsAnErrorAtItsLine() async throws {
        let sandbox = try Sandbox(config: "[digest]\nat = \"25:00\"\n")
        let check = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(check.status == 2, "\(check.stderr)")
        #expect(
            check.stderr.contains("config.toml:2: digest.at must be a local time such as \"18:00\", or \"\" for no digest, got \"25:00\""), "\(check.stderr)")
    }
}
