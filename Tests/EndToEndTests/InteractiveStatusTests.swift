import EndToEndSupport
import FlyingFox
import Foundation
import TestSupport
import Testing

/// The home screen and the history on a pseudo-terminal, against the store real passes filled
/// with CoinLore failing at the end (`InteractiveLinkTests.filledStore`).
@Suite(.serialized, .sharingTheMachine) struct InteractiveStatusTests {
    @Test func theHomeScreenShowsTheFailingFeedMutesARuleAndOpensANotification() async throws {
        let (sandbox, environment, server) = try await InteractiveLinkTests.filledStore()
        defer { Task { await server.stop() } }
        defer { withExtendedLifetime(sandbox) {} }
        let session = try await TmuxSession(
            InteractiveCountryTests.command(["status"]), environment: environment.merging(["TERM": "xterm-256color"]) { $1 },
            width: 120, height: 50)
        #expect(await session.waitFor("notifier — status"), "\(session.lastSeen)")
        // The failing feed, with its error in words.
        #expect(await session.waitFor("degraded"), "\(session.lastSeen)")
        #expect(session.lastSeen.contains("500"), "the error is shown:\n\(session.lastSeen)")

        // A mute `notifier mute` made is on the rules' line.
        let mute = try await ProcessRunner.notifier(["mute", "crypto_cross"], environment: environment)
        #expect(mute.status == 0, "\(mute.stderr)")
        try await session.send("r")
        #expect(await session.waitFor("muted: crypto_cross"), "\(session.lastSeen)")
        // `rules` says it too, its times in local time (Europe/Tallinn here), never UTC's Z.
        let rules = try await ProcessRunner.notifier(["rules", "--plain"], environment: environment)
        #expect(rules.stdout.split(separator: "\n").contains { $0.hasPrefix("crypto_cross") && $0.contains("[muted]") }, "\(rules.stdout)")
        #expect(rules.stdout.contains("+02:00") && rules.stdout.firstMatch(of: /T\d\d:\d\d:\d\dZ/) == nil, "\(rules.stdout)")

        // Enter on a notification (the failing notice) opens its view; Backspace returns.
        #expect(try await Self.select("crypto feed is failing", in: session), "\(session.lastSeen)")
        try await session.send("Enter")
        #expect(await session.waitFor("Feed crypto — degraded"), "\(session.lastSeen)")
        #expect(session.lastSeen.contains("Last error") && session.lastSeen.contains("Recent polls"), "\(session.lastSeen)")
        try await session.send("BSpace")
        #expect(await session.waitFor("notifier — status"), "Backspace comes back to the home screen\n\(session.lastSeen)")
        try await session.send("q")
        try await InteractiveCountryTests.expectSane(session, view: "notifier — status")

        // The same as data.
        let json = try await ProcessRunner.notifier(["status", "--json"], environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(
            rows.contains { $0["name"] as? String == "crypto" && $0["state"] as? String == "degraded" && $0["link"] as? String == "notifier://feed/crypto" })
        let muted = try #require(object["rules"] as? [[String: Any]]).first { $0["rule"] as? String == "crypto_cross" }
        #expect(muted?["muted"] as? Bool == true)
    }

    /// The first screen a person opens answers, at 80 × 32: is the daemon running, what comes
    /// next, what is wrong, each watch, the last notifications, the rules in a line.
    @Test func theHomeScreenSaysWhatNotifierIsDoingIn32Rows() async throws {
        let (sandbox, environment, server) = try await InteractiveLinkTests.filledStore()
        defer { Task { await server.stop() } }
        defer { withExtendedLifetime(sandbox) {} }
        let reminded = try await ProcessRunner.notifier(["remind", "Water the plants", "--at", "2099-12-01 10:00"], environment: environment)
        #expect(reminded.status == 0, "\(reminded.stderr)")
        let session = try await TmuxSession(
            InteractiveCountryTests.command(["status"]), environment: environment.merging(["TERM": "xterm-256color"]) { $1 }, width: 80,
            height: 32)
        #expect(await session.waitFor("Last notifications"), "\(session.lastSeen)")
        try await Task.sleep(for: .milliseconds(500))
        let screen = try await session.screen()
        try Self.keep(screen, as: "home-screen-80x32.txt")
        let order = [
            "Daemon", "not running", "systemctl --user start notifier", "Next", "2099-12-01 10:00", "reminder", "Water the plants", "Problems", "crypto",
            "degraded", "1 failure: crypto feed", "Watches", "stars (off)", "Last notifications", "crypto feed is failing", "Rules  ",
        ]
        var rest = Substring(screen)
        for text in order {
            guard let found = rest.range(of: text) else {
                Issue.record("'\(text)' in its place on the first screen:\n\(screen)")
                break
            }
            rest = rest[found.upperBound...]
        }
        #expect(!screen.contains("last never") && !screen.contains("next in a moment"), "\(screen)")
        try await session.send("q")
        try await InteractiveCountryTests.expectSane(session, view: "notifier — status")

        // A daemon holds its lock: the screen says it runs, and since when.
        let lockPath = sandbox.root.appendingPathComponent("state/notifier/daemon.lock").path
        let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o600)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        defer { close(descriptor) }
        _ = "4242\n".withCString { write(descriptor, $0, 5) }
        let running = try await ProcessRunner.notifier(["status", "--plain"], environment: environment)
        #expect(running.stdout.contains("Daemon\n  running since just now (pid 4242)"), "\(running.stdout)")
        let json = try await ProcessRunner.notifier(["status", "--json"], environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let daemon = try #require(object["daemon"] as? [String: Any])
        #expect(daemon["running"] as? Bool == true && daemon["pid"] as? String == "4242", "\(json.stdout)")
        let upcoming = try #require(object["upcoming"] as? [[String: Any]])
        #expect(upcoming.first?["time"] as? String == "2099-12-01T10:00:00+02:00", "\(json.stdout)")
        #expect(object["rows"] != nil && object["rules"] != nil && object["holidays"] != nil, "the keys of before stay")
    }

    /// A capture for a person to read, in `.build/test-artifacts`.
    static func keep(_ screen: String, as name: String) throws {
        let artifacts = Samples.packageRoot.appendingPathComponent(".build/test-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        try screen.write(to: artifacts.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// The desktop's menu entry runs `open-url` with no link (its `%u` empty): the home screen,
    /// as `open` alone gives it; `rules` is a screen too. Each stays until `q`.
    @Test(arguments: [(["open-url"], "notifier — status"), (["open"], "notifier — status"), (["rules"], "Rules — state")])
    func theMenuEntryOpenAndRulesAreScreensThatStay(_ arguments: [String], _ title: String) async throws {
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let session = try await TmuxSession(InteractiveCountryTests.command(arguments), environment: sandbox.environment(["TERM": "xterm-256color"]))
        #expect(await session.waitFor(title), "\(arguments): \(session.lastSeen)")
        try await Task.sleep(for: .seconds(2))
        #expect(!(try await session.screen()).contains("exited with"), "\(arguments) stays:\n\(session.lastSeen)")
        try await session.send("q")
        try await InteractiveCountryTests.expectSane(session, view: title)
        // Piped, a printout as before.
        let printed = try await ProcessRunner.notifier(arguments, environment: sandbox.environment())
        #expect(printed.status == 0 && !printed.stdout.isEmpty, "\(printed.stderr)")
    }

    /// Moves the selection down until the selected row holds `text`, as a person would.
    static func select(_ text: String, in session: TmuxSession) async throws -> Bool {
        func selected(_ screen: String) -> Bool { screen.split(separator: "\n").contains { $0.hasPrefix("› ") && $0.contains(text) } }
        for _ in 0..<60 {
            if selected(try await session.screen()) { return true }
            try await session.send("Down")
            try await Task.sleep(for: .milliseconds(60))
        }
        return false
    }

    @Test func theHistoryOpensANotificationShowsWhyAndFilters() async throws {
        let (sandbox, environment, server) = try await InteractiveLinkTests.filledStore()
        defer { Task { await server.stop() } }
        defer { withExtendedLifetime(sandbox) {} }
        let plain = try await ProcessRunner.notifier(["history"], environment: environment)
        // ISO 8601 still, in local time with its offset (the test runs in Europe/Tallinn).
        #expect(
            plain.stdout.hasPrefix("2026-11-25T10:05:0")
                && plain.stdout.contains("+02:00  feed_health  crypto feed is failing  → notifier open feed crypto\n"),
            "the printout in local time:\n\(plain.stdout)")
        let asData = try await ProcessRunner.notifier(["history", "--json"], environment: environment)
        #expect(
            asData.stdout.contains("\"time\":\"2026-11-25T10:05:0") && asData.stdout.contains("+02:00\""), "--json with the local offset:\n\(asData.stdout)")

        let session = try await TmuxSession(InteractiveCountryTests.command(["history"]), environment: environment, width: 110, height: 30)
        #expect(await session.waitFor("History — 3 of 3 notifications"), "\(session.lastSeen)")
        // Newest first, in local words; the title is drawn before the rows.
        func selectedRow(_ screen: String) -> String? { screen.split(separator: "\n").first { $0.hasPrefix("› ") }.map(String.init) }
        #expect(await session.waitUntil { selectedRow($0) != nil }, "\(session.lastSeen)")
        #expect(selectedRow(session.lastSeen)?.contains("crypto feed is failing") == true, "\(session.lastSeen)")

        try await session.send("/")
        try await session.send("-l", "holidays")
        try await session.send("Enter")
        #expect(await session.waitFor("History — 1 of 3"), "\(session.lastSeen)")
        try await session.send("Enter")
        #expect(await session.waitFor("Week of 2026-11-23"), "the holiday group opens its week\n\(session.lastSeen)")
        try await session.send("q")
        #expect(await session.waitFor("History — 1 of 3"), "q in the opened view comes back\n\(session.lastSeen)")
        try await session.send("w")
        #expect(await session.waitFor("Why holiday_upcoming"), "\(session.lastSeen)")
        try await session.send("BSpace")
        #expect(await session.waitFor("History — 1 of 3"), "\(session.lastSeen)")
        try await session.send("q")
        try await InteractiveCountryTests.expectSane(session, view: "History —")
    }
}
