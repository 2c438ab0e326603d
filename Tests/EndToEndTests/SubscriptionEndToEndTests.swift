import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `[[subscriptions]]` as a person meets them: the built program against a loopback ntfy
/// stand-in (`NtfyTopicStandIn`), `--once` as fresh processes and the daemon's open stream.
@Suite(.serialized, .sharingTheMachine) struct SubscriptionEndToEndTests {
    static let othersOff = WatchEndToEndTests.othersOff

    static func config(_ topic: NtfyTopicStandIn, extra: String = "") -> String {
        othersOff + "\n[[subscriptions]]\nname = \"home-server\"\nntfy = \"\(topic.topicURL)\"\ntoken = \"${env:NTFY_TOKEN}\"\n" + extra
    }

    static let secret = "tk_subscriptionsecret0123456789"

    static func once(_ sandbox: Sandbox) async throws -> ProcessResult {
        try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment(["NTFY_TOKEN": secret]))
    }

    static func bubbles(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { ($0["rule"] as? String) == "subscription" || ($0["title"] != nil && $0["body"] != nil) }
    }

    static func titles(_ text: String) -> [String] { bubbles(text).compactMap { $0["title"] as? String } }

    @Test func aPublishedMessageIsOneNotificationOnceAndItsViewKeepsTheLink() async throws {
        let topic = try NtfyTopicStandIn()
        defer { topic.stop() }
        let sandbox = try Sandbox(config: Self.config(topic))
        topic.publish("from before: not news")
        let first = try await Self.once(sandbox)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(Self.titles(first.stdout).isEmpty, "the topic's cache is not shown on first use: \(first.stdout)")
        let id = topic.publish(
            "3.2 GB in 4 min", title: "Backup done", priority: 5, click: "https://backup.example.org/run/42",
            actions: [["action": "view", "label": "Logs", "url": "https://backup.example.org/logs"]])
        let second = try await Self.once(sandbox)
        #expect(second.status == 0, "\(second.stderr)")
        let shown = Self.bubbles(second.stdout)
        #expect(shown.count == 1 && shown.first?["title"] as? String == "Backup done", "\(second.stdout)")
        #expect((shown.first?["body"] as? String)?.contains("3.2 GB in 4 min") == true)
        #expect(second.stdout.contains("notifier open subscription home-server.\(id)"), "\(second.stdout)")
        let third = try await Self.once(sandbox)
        #expect(Self.titles(third.stdout).isEmpty, "read again: nothing repeated: \(third.stdout)")
        #expect(topic.requests.allSatisfy { $0.authorization == "Bearer \(Self.secret)" })
        #expect(topic.requests.last?.target.contains("since=\(id)") == true, "\(topic.requests.map(\.target))")
        let view = try await ProcessRunner.notifier(["open", "subscription", "home-server.\(id)"], environment: sandbox.environment())
        #expect(view.status == 0, "\(view.stderr)")
        for expected in ["Backup done", "3.2 GB in 4 min", "https://backup.example.org/run/42", "Logs (view) https://backup.example.org/logs"] {
            #expect(view.stdout.contains(expected), "\(view.stdout)")
        }
        let link = try await ProcessRunner.notifier(["open-url", "notifier://subscription/home-server.\(id)"], environment: sandbox.environment())
        #expect(link.status == 0 && link.stdout.contains("https://backup.example.org/run/42"), "the bubble's link opens the message: \(link.stderr)")
        let why = try await ProcessRunner.notifier(["why", "subscription", "home-server@\(id)"], environment: sandbox.environment())
        #expect(why.status == 0 && why.stdout.contains("home-server@\(id)"), "\(why.stdout)\n\(why.stderr)")
        #expect(Self.filesHolding(Self.secret, under: sandbox.root).isEmpty)
    }

    /// `[rules.subscription]` gives every subscription's messages `acknowledge` as any rule's
    /// table does; the message's view in JSON has its time as every JSON time: ISO 8601 with
    /// the local offset, not seconds since 2001.
    @Test func rulesSubscriptionAsksForAnAcknowledgementAndTheViewsTimeHasTheOffset() async throws {
        let topic = try NtfyTopicStandIn()
        defer { topic.stop() }
        let sandbox = try Sandbox(config: Self.config(topic, extra: "\n[rules.subscription]\nacknowledge = true\n"))
        let environment = sandbox.environment(["NTFY_TOKEN": Self.secret, "TZ": "Europe/Tallinn"])
        let check = try await ProcessRunner.notifier(["config", "check"], environment: environment)
        #expect(check.status == 0 && check.stdout.contains("[rules.subscription]\nacknowledge = true"), "\(check.stdout)\n\(check.stderr)")
        _ = try await Self.once(sandbox)
        let id = topic.publish("the disk is 95 % full", title: "Disk nearly full")
        let told = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: environment)
        #expect(Self.titles(told.stdout) == ["Disk nearly full"], "\(told.stdout)\n\(told.stderr)")
        let open = try await ProcessRunner.notifier(["ack", "--json"], environment: environment)
        #expect(open.stdout.contains("\"rule\":\"subscription\"") && open.stdout.contains("Disk nearly full"), "\(open.stdout)\n\(open.stderr)")
        let view = try await ProcessRunner.notifier(["open", "subscription", "home-server.\(id)", "--json"], environment: environment)
        #expect(view.status == 0, "\(view.stderr)")
        let time = try #require(
            (try JSONSerialization.jsonObject(with: Data(view.stdout.utf8)) as? [[String: Any]])?.first?["time"] as? String, "\(view.stdout)")
        #expect(time.hasSuffix("+02:00") && time.hasPrefix("20"), "\(time)")
        let acknowledged = try await ProcessRunner.notifier(["ack", "subscription"], environment: environment)
        #expect(acknowledged.status == 0 && acknowledged.stdout.contains("Acknowledged subscription"), "\(acknowledged.stdout)\n\(acknowledged.stderr)")
    }

    /// On the desktop: one bubble with the message's title and text, priority 5 as critical;
    /// a 10 MB line in a poll is one error line and the rest of the poll still told.
    @Test func aMessageIsOneBubbleAndAHugeLineOneErrorLine() async throws {
        let bus = try await MockNotificationServer.start()
        let topic = try NtfyTopicStandIn()
        defer { topic.stop() }
        let sandbox = try Sandbox(config: Self.config(topic, extra: "[delivery]\nimages = false\n"))
        let environment = sandbox.environment(["NTFY_TOKEN": Self.secret, "DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(try await ProcessRunner.notifier(["--once"], environment: environment).status == 0)
        let huge = #"{"id":"huge1","time":1,"event":"message","topic":"backups","message":""# + String(repeating: "x", count: 10 << 20) + #""}"#
        topic.publishRaw(Data(huge.utf8), id: "huge1")
        topic.publish("Disk 91 % full", title: "nas: disk almost full", priority: 5)
        let pass = try await ProcessRunner.notifier(["--once"], environment: environment)
        #expect(pass.status == 0, "\(pass.stderr)")
        #expect(pass.stderr.split(separator: "\n").filter { $0.contains("was refused") }.count == 1, "\(pass.stderr)")
        let calls = try await bus.notifyCalls()
        #expect(calls.components(separatedBy: "nas: disk almost full").count == 2, "one bubble: \(calls)")
        #expect(calls.contains("Disk 91 % full"), "\(calls)")
        #expect(calls.contains("'urgency': <byte 0x02>"), "priority 5 is critical: \(calls)")
        #expect(!calls.contains(Self.secret) && !pass.stderr.contains(Self.secret))
    }

    @Test func aStreamCutMidMessageAndAServerDownLoseAndRepeatNothing() async throws {
        let topic = try NtfyTopicStandIn()
        defer { topic.stop() }
        let sandbox = try Sandbox(config: Self.config(topic))
        let daemon = try DaemonProcess(["--output", "json"], environment: sandbox.environment(["NTFY_TOKEN": Self.secret]))
        defer { daemon.process.kill() }
        #expect(await daemon.waitUntil { _ in topic.openStreams == 1 }, "\(daemon.stderr)")
        topic.publish("one", title: "m1")
        #expect(await daemon.waitUntil { Self.titles($0.stdout) == ["m1"] }, "\(daemon.stdout)\n\(daemon.stderr)")
        topic.cutNextMessage()
        topic.publish("two", title: "m2")
        #expect(await daemon.waitUntil { Self.titles($0.stdout) == ["m1", "m2"] }, "the cut message, read again whole: \(daemon.stdout)\n\(daemon.stderr)")
        #expect(await daemon.waitUntil { _ in topic.openStreams == 1 })
        topic.goDown()
        topic.publish("three", title: "m3") // kept in the cache while no one listens
        try await Task.sleep(for: .seconds(4))
        try topic.comeUp()
        #expect(
            await daemon.waitUntil(timeout: .seconds(90)) { Self.titles($0.stdout) == ["m1", "m2", "m3"] },
            "\(daemon.stdout)\n\(daemon.stderr)")
        topic.publish("four", title: "m4")
        #expect(await daemon.waitUntil { Self.titles($0.stdout) == ["m1", "m2", "m3", "m4"] }, "\(daemon.stdout)")
        let stopping = ContinuousClock.now
        #expect(await daemon.stop(timeout: 10) == 0, "an open stream does not hold the daemon: \(daemon.stderr)")
        #expect(stopping.duration(to: .now) < .seconds(5))
        #expect(Self.filesHolding(Self.secret, under: sandbox.root).isEmpty)
        #expect(!daemon.stderr.contains(Self.secret))
        print("subscription stream: \(topic.requests.map(\.target))\n\(daemon.stderr)")
    }

    @Test func aTenMegabyteLineIsOneErrorLineAndCostsNoTenMegabytes() async throws {
        let topic = try NtfyTopicStandIn()
        defer { topic.stop() }
        let sandbox = try Sandbox(config: Self.config(topic))
        let daemon = try DaemonProcess(["--output", "json"], environment: sandbox.environment(["NTFY_TOKEN": Self.secret]))
        defer { Task { _ = await daemon.stop() } }
        #expect(await daemon.waitUntil { _ in topic.openStreams == 1 }, "\(daemon.stderr)")
        let before = Self.peakKilobytes(daemon.process.processIdentifier)
        let huge = #"{"id":"huge1","time":1,"event":"message","topic":"backups","message":""# + String(repeating: "x", count: 10 << 20) + #""}"#
        topic.publishRaw(Data(huge.utf8), id: "huge1")
        topic.publish("after the huge one", title: "after")
        #expect(await daemon.waitUntil { Self.titles($0.stdout) == ["after"] }, "\(daemon.stdout)\n\(daemon.stderr)")
        let refusals = daemon.stderr.split(separator: "\n").filter { $0.contains("was refused") }
        #expect(refusals.count == 1, "\(daemon.stderr)")
        let after = Self.peakKilobytes(daemon.process.processIdentifier)
        print("subscription 10 MB line: peak resident \(before) kB before, \(after) kB after")
        #expect(after - before < 6 << 10, "peak resident grew \(after - before) kB for a 10 MB line")
    }

    @Test func configCheckNamesTheLine() async throws {
        let text = Self.othersOff + "\n[[subscriptions]]\nname = \"home\"\nntfy = \"https://ntfy.example.org/backups\"\ntoken = \"tk_literal\"\n"
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("token") }! + 1
        let sandbox = try Sandbox(config: text)
        let check = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(check.status != 0)
        #expect(check.stderr.contains("config.toml:\(line): subscriptions[0].token must be a reference"), "\(check.stderr)")
        #expect(!check.stderr.contains("tk_literal") && !check.stdout.contains("tk_literal"))
        try (Self.othersOff + "\n[[subscriptions]]\nname = \"home\"\nntfy = \"ftp://x\"\n").write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        let scheme = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(scheme.stderr.contains("subscriptions[0].ntfy") && scheme.stderr.contains("http"), "\(scheme.stderr)")
        try (Self.othersOff + "\n[[subscriptions]]\nname = \"home\"\nntfy = \"https://ntfy.example.org/x\"\ntokn = \"${env:X}\"\n")
            .write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        let typo = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(typo.stderr.contains("did you mean token?"), "\(typo.stderr)")
    }

    /// Peak resident set (VmHWM) in kB.
    static func peakKilobytes(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    static func filesHolding(_ secret: String, under root: URL) -> [String] {
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { url in (try? Data(contentsOf: url)).map { $0.range(of: Data(secret.utf8)) != nil } ?? false }.map(\.path)
    }
}
