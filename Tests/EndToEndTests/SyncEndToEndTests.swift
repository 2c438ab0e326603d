import EndToEndSupport
import Foundation
import NotifierSystem
import TestSupport
import Testing

@testable import NotifierCore

/// `[sync]` as a person meets it: a watch that must not be missed goes to the phone (a loopback
/// ntfy, `NtfyStandIn`) with an Acknowledge button that posts to the sync topic (a second
/// loopback ntfy, `NtfyTopicStandIn`, which both publishes and streams); the built program's
/// daemons and `--once` passes read it back, each with its own mock notification server.
@Suite(.serialized, .sharingTheMachine) struct SyncEndToEndTests {
    static func config(phone: NtfyStandIn, sync: NtfyTopicStandIn, tank: TankReading) -> String {
        WatchEndToEndTests.config(
            tank.watch("channels = [\"phone\"]\nescalate = [\"10m phone\"]") + """

                [[channels]]
                name = "phone"
                ntfy = "\(phone.topicURL)"

                [sync]
                ntfy = "\(sync.topicURL)"
                """)
    }

    /// The phone, the sync topic and the watch's reading; each stopped or removed at the end.
    struct World {
        let phone: NtfyStandIn
        let sync: NtfyTopicStandIn
        let tank = TankReading()

        static func start() async throws -> World {
            World(phone: try await NtfyStandIn.start(), sync: try NtfyTopicStandIn(topic: "notifier-me-7f3a"))
        }

        var config: String { SyncEndToEndTests.config(phone: phone, sync: sync, tank: tank) }

        func level(_ level: Int) throws { try tank.set(level) }

        func stopLater() {
            tank.remove()
            sync.stop()
            Task { [phone] in await phone.stop() }
        }

        /// The phone's Acknowledge button as ntfy received it: its url, method and body.
        func acknowledgeButton() async throws -> [String: Any] {
            let header = try #require(await phone.messages.first?.headers["actions"], "no Actions on the phone's message")
            let actions = try #require(try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [[String: Any]])
            return try #require(actions.first { $0["action"] as? String == "http" }, "no http action in \(header)")
        }

        /// What the phone does when the button is pressed: posts its body to its url.
        func press(_ button: [String: Any]) async throws {
            let url = try #require(button["url"] as? String)
            let body = try #require(button["body"] as? String)
            let request = HTTPRequest(method: .post, url: url, headers: [("Content-Type", "text/plain")], body: Data(body.utf8))
            let response = try await HTTPClient().send(request, feed: "the phone")
            #expect(response.status == 200)
        }
    }

    static func closes(_ server: MockNotificationServer) async -> String {
        (try? await server.call("org.freedesktop.DBus.Mock.GetMethodCalls", ["CloseNotification"]).stdout) ?? ""
    }

    static func daemon(_ sandbox: Sandbox, _ server: MockNotificationServer) throws -> DaemonProcess {
        try DaemonProcess(["--verbose"], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
    }

    @Test func thePhonesButtonStopsTheLadderAndClosesTheBubble() async throws {
        let world = try await World.start()
        defer { world.stopLater() }
        let server = try await MockNotificationServer.start()
        defer { server.stopServer() }
        let sandbox = try Sandbox(config: world.config)
        try world.level(1)
        #expect(try await WatchEndToEndTests.once(sandbox).status == 0)
        try world.level(9)
        let daemon = try Self.daemon(sandbox, server)
        defer { daemon.process.kill() }
        #expect(await daemon.waitUntil { _ in await world.phone.messages.count == 1 }, "\(daemon.stderr)")
        #expect((try? await server.notifyCalls())?.contains("tank") == true)

        let button = try await world.acknowledgeButton()
        #expect(button["label"] as? String == "Acknowledge")
        #expect(button["method"] as? String == "POST")
        #expect(button["url"] as? String == world.sync.topicURL)
        #expect(button["clear"] as? Bool == true)
        let body = try #require(button["body"] as? String)
        let sequence = try #require(await world.phone.messages.first?.sequenceID)
        #expect(body == #"{"by":"the phone","id":"\#(sequence)","kind":"ack","notifier":1}"#)

        let pressed = ContinuousClock.now
        try await world.press(button)
        #expect(
            await daemon.waitUntil(timeout: .seconds(5)) { _ in await Self.closes(server).contains("[<") }, "the bubble closed: \(daemon.stderr)")
        #expect(ContinuousClock.now - pressed < .seconds(5))
        #expect(daemon.stderr.contains("acknowledged watch tank by the phone"), "\(daemon.stderr)")
        #expect(await daemon.stop() == 0)

        let open = try await ProcessRunner.notifier(["ack", "--json"], environment: sandbox.environment())
        #expect(open.stdout.isEmpty, "the ladder stopped: nothing open: \(open.stdout)")
        let history = try await ProcessRunner.notifier(["history", "--plain"], environment: sandbox.environment())
        #expect(history.stdout.contains("acknowledged by the phone"), "\(history.stdout)")
        #expect(await world.phone.messages.count == 1)
    }

    @Test func twoDaemonsWithOneConfigSendOnceAndCloseTogether() async throws {
        let world = try await World.start()
        defer { world.stopLater() }
        let (serverA, serverB) = (try await MockNotificationServer.start(), try await MockNotificationServer.start())
        defer {
            serverA.stopServer()
            serverB.stopServer()
        }
        let (laptop, desk) = (try Sandbox(config: world.config), try Sandbox(config: world.config))
        try world.level(1)
        for sandbox in [laptop, desk] { #expect(try await WatchEndToEndTests.once(sandbox).status == 0) }
        try world.level(9)
        let (daemonA, daemonB) = (try Self.daemon(laptop, serverA), try Self.daemon(desk, serverB))
        defer {
            daemonA.process.kill()
            daemonB.process.kill()
        }
        for (daemon, server) in [(daemonA, serverA), (daemonB, serverB)] {
            #expect(await daemon.waitUntil { _ in (try? await server.notifyCalls())?.contains("tank") == true }, "\(daemon.stderr)")
        }
        // One of them claimed the episode first; the other says so and sends nothing.
        let lost = "claimed it first on the sync topic"
        #expect(await daemonA.waitUntil { _ in daemonA.stderr.contains(lost) || daemonB.stderr.contains(lost) }, "\(daemonA.stderr)\n\(daemonB.stderr)")
        // The loser may say so before the winner's message has reached the phone.
        #expect(await eventually(timeout: .seconds(5)) { await world.phone.messages.count >= 1 }, "the winner's phone message")
        let phoned = await world.phone.messages.count
        #expect(phoned == 1, "one phone message for the episode, not \(phoned)")
        let claims = world.sync.publishedBodies.filter { $0.contains(#""kind":"claim""#) }
        // The second claims too unless it read the first's claim before deciding.
        #expect((1...2).contains(claims.count), "\(claims)")

        let acked = try await ProcessRunner.notifier(["ack", "tank"], environment: laptop.environment(["DBUS_SESSION_BUS_ADDRESS": serverA.address]))
        #expect(acked.status == 0, "\(acked.stdout)\(acked.stderr)")
        #expect(await eventually(timeout: .seconds(5)) { await Self.closes(serverA).contains("[<") }, "the laptop's bubble")
        #expect(await daemonB.waitUntil(timeout: .seconds(5)) { _ in await Self.closes(serverB).contains("[<") }, "the desk's bubble: \(daemonB.stderr)")
        #expect(daemonB.stderr.contains("acknowledged watch tank by "), "\(daemonB.stderr)")
        #expect(await daemonA.stop() == 0)
        #expect(await daemonB.stop() == 0)
        let open = try await ProcessRunner.notifier(["ack", "--json"], environment: desk.environment())
        #expect(open.stdout.isEmpty, "nothing open on the desk: \(open.stdout)")
        #expect(await world.phone.messages.count == 1)
    }

    @Test func onceAppliesAnAcknowledgementFoundOnTheTopic() async throws {
        let world = try await World.start()
        defer { world.stopLater() }
        let sandbox = try Sandbox(config: world.config)
        try world.level(1)
        #expect(try await WatchEndToEndTests.once(sandbox).status == 0)
        try world.level(9)
        let shown = try await WatchEndToEndTests.once(sandbox)
        #expect(WatchEndToEndTests.titles(shown).count == 1, "\(shown.stdout)\(shown.stderr)")
        #expect(await world.phone.messages.count == 1)
        let published = world.sync.publishedBodies.count

        // A dry run decides as a pass would and publishes nothing.
        let dry = try await ProcessRunner.notifier(["--once", "--dry-run"], environment: sandbox.environment())
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(world.sync.publishedBodies.count == published)

        try await world.press(try await world.acknowledgeButton())
        let next = try await WatchEndToEndTests.once(sandbox)
        #expect(next.status == 0, "\(next.stderr)")
        let open = try await ProcessRunner.notifier(["ack", "--json"], environment: sandbox.environment())
        #expect(open.stdout.isEmpty, "acknowledged by the phone: \(open.stdout)")
        let why = try await ProcessRunner.notifier(["why", "watch", "tank", "--plain"], environment: sandbox.environment())
        #expect(why.stdout.contains("acknowledged by the phone"), "\(why.stdout)")
        #expect(await world.phone.clears.count == 1, "its phone message cleared")
    }

    @Test func anAcknowledgementThatCameFirstClosesTheEpisodeAsItOpens() async throws {
        let world = try await World.start()
        defer { world.stopLater() }
        let sandbox = try Sandbox(config: world.config)
        try world.level(1)
        #expect(try await WatchEndToEndTests.once(sandbox).status == 0)
        // Another machine delivered the episode a few seconds earlier, and it was acknowledged there.
        let start = String(Int64(Date().timeIntervalSince1970) - 5, radix: 36)
        world.sync.publish(#"{"by":"desk","from":"0a1b2c3d","id":"watch-tank-above-\#(start)","kind":"ack","notifier":1}"#)
        world.sync.publish("not ours")
        try world.level(9)
        let shown = try await WatchEndToEndTests.once(sandbox)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stderr.contains("the topic carried a message that is not a JSON object"), "\(shown.stderr)")
        let open = try await ProcessRunner.notifier(["ack", "--json"], environment: sandbox.environment())
        #expect(open.stdout.isEmpty, "acknowledged on the desk: \(open.stdout)")
        let why = try await ProcessRunner.notifier(["why", "watch", "tank", "--plain"], environment: sandbox.environment())
        #expect(why.stdout.contains("acknowledged by desk"), "\(why.stdout)")
    }
}
