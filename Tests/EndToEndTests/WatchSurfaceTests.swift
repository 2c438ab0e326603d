import EndToEndSupport
import FlyingFox
import Foundation
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

// Watches where the other parts of the program meet them: the fault matrix's fixture, `notifier
// test`'s replay, a desktop's bubble, a terminal's view.

/// `notifier test DIR` replays a watch's recorded responses through its conditions.
@Suite(.sharingTheMachine) struct WatchScenarioTests {
    @Test func recordingsOfAWatchReplay() async throws {
        let sandbox = try Sandbox()
        let directory = sandbox.root.appendingPathComponent("scenario")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try """
        [[watches]]
        name = "stars"
        url = "https://api.github.com/repos/swiftlang/swift"
        select = ".stargazers_count"
        above = 70000
        """.write(to: directory.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        for (index, (time, body)) in [
            ("09:00", "{\"stargazers_count\": 69990}"), ("10:00", "<html>oops</html>"),
            ("11:00", "{\"stargazers_count\": 70010}"), ("12:00", "{\"stargazers_count\": 70020}"),
        ].enumerated() {
            try body.write(
                to: directory.appendingPathComponent(String(format: "%04d", index + 1) + "-2026-12-23T\(time).watch-stars.json"),
                atomically: true, encoding: .utf8)
        }
        let result = try await ProcessRunner.notifier(["test", directory.path], environment: sandbox.environment())
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "0001-2026-12-23T09:00.watch-stars.json", "\(result.stdout)")
        #expect(result.stdout.contains("watch (every subject)  10:00: not evaluated, the feed failed"), "\(result.stdout)")
        #expect(result.stdout.contains("watch stars:above  11:00: delivered: stars rose above 70000: 70010"), "\(result.stdout)")
        #expect(lines.filter { $0.contains("notified:") }.count == 1, "\(result.stdout)")
    }
}

/// A watch's notification as a desktop gets it: python3-dbusmock's notification server.
@Suite(.serialized, .sharingTheMachine) struct WatchBubbleTests {
    @Test func aLevelCrossedOnceIsOneBubbleWithItsLink() async throws {
        let bus = try await MockNotificationServer.start()
        let script = WatchEndToEndTests.Script()
        let server = try await WatchEndToEndTests.serve(script)
        defer { Task { await server.stop() } }
        let sandbox = try Sandbox(
            config: WatchEndToEndTests.config(
                """
                [[watches]]
                name = "swift-stars"
                url = "\(server.baseURL)/repos/swift"
                select = ".stargazers_count"
                above = 70000
                title = "Swift has {value} stars"
                """))
        for stars in [69_900, 70_100, 70_200] {
            await script.set("{\"stargazers_count\": \(stars)}")
            let result = try await ProcessRunner.notifier(["--once"], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": bus.address]))
            #expect(result.status == 0, "\(result.stderr)")
        }
        let calls = try await bus.notifyCalls()
        let summaries = calls.matches(of: /<'notifier'>, <uint32 \d+>, <'[^']*'>, <'([^']*)'>/).map { String($0.1) }
        #expect(summaries == ["Swift has 70100 stars"], "\(calls)")
        #expect(calls.contains("notifier://watch/swift-stars") && calls.contains("notifier open watch swift-stars"), "\(calls)")
    }
}

/// The watch's view and list on a terminal (tmux), as a click's terminal shows them.
@Suite(.serialized, .sharingTheMachine) struct WatchTerminalTests {
    @Test func theViewOnATerminal() async throws {
        let script = WatchEndToEndTests.Script()
        let server = try await WatchEndToEndTests.serve(script)
        defer { Task { await server.stop() } }
        let sandbox = try Sandbox(
            config: WatchEndToEndTests.config(
                """
                [[watches]]
                name = "swift-stars"
                url = "\(server.baseURL)/repos/swift"
                select = ".stargazers_count"
                above = 70000
                """))
        for stars in [69_800, 69_900, 70_100] {
            await script.set("{\"name\": \"swift\", \"stargazers_count\": \(stars), \"forks\": 10500}")
            _ = try await WatchEndToEndTests.once(sandbox)
        }
        let environment = sandbox.environment(["TERM": "xterm-256color"])
        let session = try await TmuxSession(
            InteractiveCountryTests.command(["open", "watch", "swift-stars"]), environment: environment, width: 100, height: 40)
        #expect(await session.waitFor("Watch swift-stars — value"), "\(session.lastSeen)")
        #expect(await session.waitFor("Around the value"), "\(session.lastSeen)")
        try await Task.sleep(for: .seconds(1))
        let screen = try await session.screen()
        #expect(!screen.contains("exited with"), "the view stays open:\n\(screen)")
        for text in [
            "Value       70100", "▁", "█", "(3 polls)", "Last fetch", "200", "Decisions", "swift-stars:above",
            "\"stargazers_count\" : 70100", "\"forks\" : 10500", "r reload",
        ] {
            #expect(screen.contains(text), "\(text) in\n\(screen)")
        }
        try await session.send("q")
        try await InteractiveCountryTests.expectSane(session, view: "Watch swift-stars")

        // The list: Enter opens the watch, Backspace comes back, q closes.
        let list = try await TmuxSession(InteractiveCountryTests.command(["list", "watches"]), environment: environment, width: 100, height: 20)
        #expect(await list.waitFor("Watches — 1"), "\(list.lastSeen)")
        #expect(list.lastSeen.contains("swift-stars") && list.lastSeen.contains("70100"), "\(list.lastSeen)")
        try await list.send("Enter")
        #expect(await list.waitFor("Watch swift-stars — value"), "\(list.lastSeen)")
        #expect(await list.waitFor("swift-stars:above"), "its decisions load as it opens:\n\(list.lastSeen)")
        try await list.send("BSpace")
        #expect(await list.waitFor("Watches — 1"), "\(list.lastSeen)")
        try await list.send("q")
        try await InteractiveCountryTests.expectSane(list, view: "Watches — 1")

        // Piped, the printouts as before, their times local (with the offset) as a person reads them.
        let local = sandbox.environment(["TZ": "Europe/Tallinn"])
        let printed = try await ProcessRunner.notifier(["open", "watch", "swift-stars", "--plain"], environment: local)
        #expect(printed.stdout.hasPrefix("swift-stars\n\nValue       70100\nState       value — 200\n"), "\(printed.stdout)")
        #expect(printed.stdout.contains("\nAround the value\n{\n"), "\(printed.stdout)")
        let lastFetch = printed.stdout.split(separator: "\n").first { $0.hasPrefix("Last fetch") } ?? ""
        #expect(lastFetch.contains("+02:00") && !lastFetch.contains("Z"), "\(printed.stdout)")
        #expect(printed.stdout.contains("+02:00 swift-stars:above") && !printed.stdout.contains("Z swift-stars"), "\(printed.stdout)")
        let listed = try await ProcessRunner.notifier(["list", "watches", "--plain"], environment: local)
        #expect(
            listed.stdout.hasPrefix("name                 value                state       last fetch\nswift-stars          70100                value       "),
            "\(listed.stdout)")
        #expect(listed.stdout.hasSuffix("+02:00\n"), "\(listed.stdout)")
        // --json as every JSON time: ISO 8601 with the local offset.
        let json = try await ProcessRunner.notifier(["open", "watch", "swift-stars", "--json"], environment: local)
        #expect(json.stdout.firstMatch(of: /"lastFetch" : "[0-9T:-]+\+02:00"/) != nil, "\(json.stdout)")
    }
}

/// A click on a watch's bubble opens its view: Xvfb, a private bus, dunst, a stand-in terminal.
@Suite(.serialized, .sharingTheMachine) struct WatchClickTests {
    @Test func aClickOnAWatchsBubbleOpensItsView() async throws {
        let script = WatchEndToEndTests.Script()
        let server = try await WatchEndToEndTests.serve(script)
        defer { Task { await server.stop() } }
        let setup = try await DunstEndToEndTests.Setup(
            config: WatchEndToEndTests.config(
                """
                [[watches]]
                name = "swift-stars"
                url = "\(server.baseURL)/repos/swift"
                select = ".stargazers_count"
                above = 70000
                """))
        await script.set("{\"stargazers_count\": 69900}")
        let first = try await ProcessRunner.notifier(["--once"], environment: setup.environment)
        #expect(first.status == 0, "\(first.stderr)")
        await script.set("{\"stargazers_count\": 70100}")
        let once = try DaemonProcess(["--once", "--wait", "30"], environment: setup.environment)
        let arguments = try await setup.clickTheBubble("dunst-watch", waitingOn: once)
        let notifier = URL(fileURLWithPath: ProcessRunner.notifierPath).resolvingSymlinksInPath().path
        #expect(arguments == ["-e", notifier, "open", "watch", "swift-stars"], "\(once.stderr)")
        #expect(try await setup.session.dunstctl(["close-all"]).status == 0)
        #expect(await once.waitUntil(timeout: .seconds(10)) { !$0.process.isRunning }, "\(once.stderr)")
    }
}

/// `watch try` and `watch test`: fetch once, say what the selector picks and what each condition
/// would decide, change nothing; exit 1 when it finds no value.
@Suite(.serialized, .sharingTheMachine) struct WatchTryTests {
    @Test func tryAndTestChangeNothing() async throws {
        let script = WatchEndToEndTests.Script()
        let server = try await WatchEndToEndTests.serve(script)
        defer { Task { await server.stop() } }
        await script.set(#"{"releases": [{"tag_name": "v6.1"}, {"tag_name": "v6.0"}], "stars": 70100}"#)
        let sandbox = try Sandbox(
            config: WatchEndToEndTests.config(
                """
                [[watches]]
                name = "stars"
                url = "\(server.baseURL)/repo"
                select = "/stars"
                above = 70000
                """))
        let tried = try await ProcessRunner.notifier(["watch", "try", server.baseURL + "/repo", ".releases[].tag_name"], environment: sandbox.environment())
        #expect(tried.status == 0, "\(tried.stderr)")
        #expect(tried.stdout.contains(".releases[].tag_name → v6.1 (text)\n  .releases[].tag_name → v6.0 (text)"), "\(tried.stdout)")
        let none = try await ProcessRunner.notifier(["watch", "try", server.baseURL + "/repo", ".stars_count"], environment: sandbox.environment())
        #expect(none.status == 1 && none.stdout.contains("null: no value"), "\(none.stdout)")
        let bad = try await ProcessRunner.notifier(["watch", "try", server.baseURL + "/repo", ".x["], environment: sandbox.environment())
        #expect(bad.status != 0 && bad.stderr.contains("syntax error"), "\(bad.stderr)")
        let tested = try await ProcessRunner.notifier(["watch", "test", "stars"], environment: sandbox.environment())
        #expect(tested.status == 0, "\(tested.stderr)")
        #expect(tested.stdout.contains("/stars → 70100 (number)") && tested.stdout.contains("\n  above: holds"), "\(tested.stdout)")
        // Each condition by what it is, beneath the line that names the watch.
        let level = try await ProcessRunner.notifier(["watch", "try", server.baseURL + "/repo", "/stars", "--above", "5"], environment: sandbox.environment())
        #expect(level.stdout.contains("\n  above: holds") && !level.stdout.contains("try:above"), "\(level.stdout)")
        let saved = sandbox.root.appendingPathComponent("saved.json")
        try #"{"stars": "many"}"#.write(to: saved, atomically: true, encoding: .utf8)
        let fromFile = try await ProcessRunner.notifier(["watch", "test", "stars", "--file", saved.path], environment: sandbox.environment())
        #expect(fromFile.status == 1 && fromFile.stdout.contains("\n  above: no value"), "\(fromFile.stdout)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeFile.path), "nothing stored")
    }
}
