import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A server that answers 401 with every header of the request quoted, `Authorization` included:
/// the token it echoes reaches no output and no file, whatever carries the server's words (the
/// log, `channel test`, the "failing" bubble, `status --json`, the store).
@Suite(.serialized, .sharingTheMachine) struct RedactionEndToEndTests {
    static let token = "tk_secret_token_for_the_phone"

    @Test func anEchoedTokenIsHiddenInEveryOutputAndRow() async throws {
        let desk = try await ReachEndToEndTests.Desk.start()
        _ = try await desk.pass(btc: "99000")
        try await desk.logind.setLocked(true, session: ReachEndToEndTests.session)
        await desk.ntfy.failNext(10, status: 401, echoingHeaders: true)
        let failed = try await desk.pass(btc: "100500")
        #expect(failed.stderr.contains("you sent"), "the server's words are kept, its echo hidden: \(failed.stderr)")
        let test = try await ProcessRunner.notifier(["channel", "test", "phone"], environment: desk.environment)
        #expect(test.stdout.contains("Bearer ***"), "\(test.stdout)")
        let status = try await ProcessRunner.notifier(["status", "--json"], environment: desk.environment)
        let plain = try await ProcessRunner.notifier(["status", "--plain"], environment: desk.environment)
        let bubbles = try await desk.desktop.notifyCalls()
        #expect(bubbles.contains("Channel phone is failing"), "\(bubbles)")
        for (what, text) in [
            ("--once", failed.stdout + failed.stderr), ("channel test", test.stdout + test.stderr), ("status --json", status.stdout + status.stderr),
            ("status", plain.stdout), ("bubbles", bubbles),
        ] {
            #expect(!text.contains(Self.token), "\(what): \(text)")
        }
        let leaked = try FileManager.default.subpathsOfDirectory(atPath: desk.sandbox.root.path).filter { path in
            let data = FileManager.default.contents(atPath: desk.sandbox.root.path + "/" + path) ?? Data()
            return data.range(of: Data(Self.token.utf8)) != nil
        }
        #expect(leaked.isEmpty, "the store and every file: \(leaked)")
        await desk.stop()
    }

    /// The `[sync]` topic's server echoes the token too: the claim's warning keeps its words, not it.
    @Test func theSyncTokenIsHiddenInTheClaimWarning() async throws {
        let phone = try await NtfyStandIn.start()
        let topic = try await NtfyStandIn.start(topic: "notifier-me-7f3a")
        let tank = TankReading()
        defer { tank.remove() }
        let config = WatchEndToEndTests.config(
            tank.watch("channels = [\"phone\"]\nescalate = [\"10m phone\"]") + """

                [[channels]]
                name = "phone"
                ntfy = "\(phone.topicURL)"

                [sync]
                ntfy = "\(topic.topicURL)"
                token = "${env:SYNC_TOKEN}"
                """)
        let sandbox = try Sandbox(config: config)
        let environment = ["SYNC_TOKEN": "tk_sync_token_planted_here"]
        try tank.set(1)
        _ = try await WatchEndToEndTests.once(sandbox, environment: environment)
        await topic.failNext(10, status: 401, echoingHeaders: true)
        try tank.set(9)
        let pass = try await WatchEndToEndTests.once(sandbox, ["-v"], environment: environment)
        #expect(pass.stderr.contains("could not claim"), "\(pass.stderr)")
        #expect(pass.stderr.contains("Bearer ***"), "the server's words are kept: \(pass.stderr)")
        #expect(!(pass.stdout + pass.stderr).contains("tk_sync_token"), "\(pass.stderr)")
        #expect(await phone.messages.count == 1, "sent to the phone here, as no claim could be made")
        await phone.stop()
        await topic.stop()
    }
}
