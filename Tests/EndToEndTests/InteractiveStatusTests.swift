import FlyingFox
import Foundation
import TestSupport
import Testing

/// The home screen and the history on a pseudo-terminal, against the store real passes filled
/// with CoinLore failing at the end (`InteractiveLinkTests.filledStore`).
@Suite(.serialized) struct InteractiveStatusTests {
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

        // A mute from the screen is a mute `notifier rules` shows.
        #expect(try await Self.select("crypto_cross ", in: session), "\(session.lastSeen)")
        try await session.send("m")
        #expect(await session.waitFor("Muted crypto_cross"), "\(session.lastSeen)")
        #expect(await session.waitFor("[muted]"), "\(session.lastSeen)")
        let rules = try await ProcessRunner.notifier(["rules"], environment: environment)
        #expect(
            rules.stdout.contains("crypto_cross") && rules.stdout.split(separator: "\n").contains { $0.hasPrefix("crypto_cross") && $0.contains("[muted]") },
            "\(rules.stdout)")

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
        #expect(
            plain.stdout.hasPrefix("2026-11-25T08:05:0") && plain.stdout.contains("Z  feed_health  crypto feed is failing  → notifier open feed crypto\n"),
            "the printout is as before (ISO 8601 in UTC):\n\(plain.stdout)")

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
