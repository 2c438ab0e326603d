import EndToEndSupport
import Foundation
import NotifierEngine
import TestSupport
import Testing

@testable import NotifierCore

/// `[sync]` with a key, tried as an attacker who knows the topic's name would: a claim posted for
/// the episode before the machine gets there, and an acknowledgement from "mallory", are refused
/// and said once; the phone's own Acknowledge button, whose body carries the proof its message
/// brought, is taken. Without a key, `config check` and `status` say what anyone can do.
@Suite(.serialized, .sharingTheMachine) struct SyncSignedEndToEndTests {
    static let key = "5c1f0e9b7a2d4c6e8f0a1b3c5d7e9f21"

    /// The world of `SyncEndToEndTests` with the key in a file of the sandbox's, named by reference.
    static func sandbox(_ world: SyncEndToEndTests.World) throws -> Sandbox {
        let sandbox = try Sandbox()
        let keyFile = sandbox.root.appendingPathComponent("sync.key").path
        try (key + "\n").write(toFile: keyFile, atomically: true, encoding: .utf8)
        chmod(keyFile, 0o600)
        try (world.config + "\nkey = \"${file:\(keyFile)}\"\n").write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        return sandbox
    }

    /// The id the episode about to begin will have, as anyone can work it out.
    static var predictedEpisode: String { "watch-tank-above-" + String(Int64(Date().timeIntervalSince1970), radix: 36) }

    @Test func aForgedClaimAndAForgedAckAreRefusedAndSaidOnce() async throws {
        let world = try await SyncEndToEndTests.World.start()
        defer { world.stopLater() }
        let sandbox = try Self.sandbox(world)
        try world.level(1)
        #expect(try await WatchEndToEndTests.once(sandbox).status == 0)
        for _ in 0..<2 {
            world.sync.publish(#"{"by":"mallory","from":"6d616c6c6f7279","id":"\#(Self.predictedEpisode)","kind":"claim","notifier":1}"#)
        }
        try world.level(9)
        let shown = try await WatchEndToEndTests.once(sandbox)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(await world.phone.messages.count == 1, "the phone is told despite the forged claim: \(shown.stderr)")
        #expect(!shown.stderr.contains("mallory"), "\(shown.stderr)")
        let refused = "the topic carried a claim that is not signed with the [sync] key; ignored (said once)"
        #expect(shown.stderr.components(separatedBy: refused).count - 1 == 1, "\(shown.stderr)")
        let claims = world.sync.publishedBodies.compactMap { body -> SyncMessage? in
            guard case .success(let message) = SyncMessage.parse(body), message.kind == .claim, message.by != "mallory" else { return nil }
            return message
        }
        #expect(claims.count == 1 && claims.first?.signature?.count == 64, "this machine's claim is signed: \(world.sync.publishedBodies)")

        world.sync.publish(#"{"by":"mallory","from":"6d616c6c6f7279","id":"\#(claims.first?.id ?? "")","kind":"ack","notifier":1}"#)
        let next = try await WatchEndToEndTests.once(sandbox)
        #expect(next.stderr.contains("an acknowledgement that is not signed with the [sync] key; ignored"), "\(next.stderr)")
        let open = try await ProcessRunner.notifier(["ack", "--json"], environment: sandbox.environment())
        #expect(open.stdout.contains("tank"), "still waiting for an acknowledgement: \(open.stdout)")
        let history = try await ProcessRunner.notifier(["history", "--plain"], environment: sandbox.environment())
        #expect(!history.stdout.contains("mallory"), "\(history.stdout)")
    }

    @Test func thePhonesButtonCarriesItsProofAndIsTaken() async throws {
        let world = try await SyncEndToEndTests.World.start()
        defer { world.stopLater() }
        let sandbox = try Self.sandbox(world)
        try world.level(1)
        #expect(try await WatchEndToEndTests.once(sandbox).status == 0)
        try world.level(9)
        #expect(try await WatchEndToEndTests.once(sandbox).status == 0)
        let button = try await world.acknowledgeButton()
        let body = try #require(button["body"] as? String)
        guard case .success(let message) = SyncMessage.parse(body) else { throw Failure("the button's body is no sync message: \(body)") }
        #expect(message.proof?.count == 32, "\(body)")
        #expect(!body.contains(Self.key), "the key itself never leaves")
        try await world.press(button)
        let next = try await WatchEndToEndTests.once(sandbox)
        #expect(next.status == 0, "\(next.stderr)")
        let open = try await ProcessRunner.notifier(["ack", "--json"], environment: sandbox.environment())
        #expect(open.stdout.isEmpty, "acknowledged by the phone: \(open.stdout)\n\(next.stderr)")
        let status = try await ProcessRunner.notifier(["status", "--plain"], environment: sandbox.environment())
        #expect(status.stdout.contains("sync notifier-me-7f3a: signed with the key"), "\(status.stdout)")
    }

    @Test func withoutAKeyConfigCheckAndStatusSayWhatAnyoneCanDo() async throws {
        let world = try await SyncEndToEndTests.World.start()
        defer { world.stopLater() }
        let sandbox = try Sandbox(config: world.config)
        let check = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(check.stderr.contains("[sync] without a key, anyone who can publish on the topic can claim and acknowledge"), "\(check.stderr)")
        let status = try await ProcessRunner.notifier(["status", "--plain"], environment: sandbox.environment())
        #expect(status.stdout.contains("sync notifier-me-7f3a: unsigned"), "\(status.stdout)")
        // A key named but not there is an error with its line, and the pass says sync is off.
        try (world.config + "\nkey = \"${file:/nonexistent/sync.key}\"\n").write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        let broken = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(broken.status != 0 && broken.stderr.contains("sync.key names ${file:/nonexistent/sync.key}, which cannot be read"), "\(broken.stderr)")
        let pass = try await WatchEndToEndTests.once(sandbox)
        #expect(pass.stderr.contains("sync is off until it can be used"), "\(pass.stderr)")
    }
}

private struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
