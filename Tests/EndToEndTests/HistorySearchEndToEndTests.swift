import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `notifier history --grep TEXT --since DURATION` and `/` in the history screen, as a person
/// meets them: against the store real passes filled (`InteractiveLinkTests.filledStore`: a
/// summary of held crypto alerts, a group of holidays, the crypto feed's failing notice), after
/// those processes are gone and with no notification server: what a link opens comes from the
/// store alone.
@Suite(.serialized, .sharingTheMachine) struct HistorySearchEndToEndTests {
    @Test func grepAndSinceOnEveryOutputForm() async throws {
        let (sandbox, environment, server) = try await InteractiveLinkTests.filledStore()
        defer { Task { await server.stop() } }
        defer { withExtendedLifetime(sandbox) {} }

        let plain = try await ProcessRunner.notifier(["history", "--grep", "FAIL"], environment: environment)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("feed_health  crypto feed is failing  → notifier open feed crypto"), "\(plain.stdout)")
        #expect(!plain.stdout.contains("holiday"), "only what holds the word:\n\(plain.stdout)")

        let json = try await ProcessRunner.notifier(["history", "--json", "--grep", "kadripaev"], environment: environment)
        let lines = json.stdout.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("\"rule\":\"holiday_upcoming\"") == true, "accents ignored:\n\(json.stdout)")

        // A person's typing with FTS5 syntax in it is text; nothing holds it.
        for hostile in ["\"NEAR(*", "title:x -y", "' OR 1=1 --", "\u{1b}[2J"] {
            let result = try await ProcessRunner.notifier(["history", "--grep", hostile], environment: environment)
            #expect(result.status == 0 && result.stdout.hasPrefix("Nothing matches"), "\(hostile.debugDescription): \(result.stdout)\(result.stderr)")
            #expect(!result.stdout.contains("\u{1b}"), "\(result.stdout.debugDescription)")
        }

        // --since counts back from now: at 10:30 the next morning, the last hour holds the
        // failing notice and the morning's summary and holidays, not the night before.
        let recent = try await FakeTime.notifier(["history", "--plain", "--since", "1h"], at: "2026-11-25 10:30:00", environment: environment)
        #expect(recent.status == 0 && recent.stdout.contains("crypto feed is failing"), "\(recent.stdout)\(recent.stderr)")
        let both = try await FakeTime.notifier(["history", "--since", "1h", "--grep", "holidays"], at: "2026-11-25 10:30:00", environment: environment)
        #expect(both.stdout.split(separator: "\n").first?.contains("holiday_upcoming") == true, "they combine:\n\(both.stdout)")
        #expect(!both.stdout.contains("crypto"), "\(both.stdout)")
        let later = try await FakeTime.notifier(["history", "--since", "2m", "--grep", "holidays"], at: "2026-11-25 10:30:00", environment: environment)
        #expect(later.stdout == "Nothing in the last 2m matches 'holidays'.\n", "\(later.stdout)")

        for bad in ["soon", "0d", "7", "99999999999999999999d"] {
            let result = try await ProcessRunner.notifier(["history", "--since", bad], environment: environment)
            #expect(result.status == 2 && result.stderr.contains("--since") && result.stdout.isEmpty, "\(bad): \(result.status) \(result.stderr)")
        }
        let wordless = try await ProcessRunner.notifier(["history", "--grep", "*\u{1b}\" :"], environment: environment)
        #expect(wordless.status == 2 && wordless.stderr.contains("--grep looks for words"), "\(wordless.status) \(wordless.stderr)")
        #expect(!wordless.stderr.contains("\u{1b}"), "\(wordless.stderr.debugDescription)")
        let help = try await ProcessRunner.notifier(["history", "--help"], environment: environment)
        #expect(help.stdout.contains("--grep <text>") && help.stdout.contains("--since <duration>"), "\(help.stdout)")

        // The same search by an independent reader: Debian's sqlite3 on the same file.
        let sqlite = "/usr/bin/sqlite3"
        if FileManager.default.isExecutableFile(atPath: sqlite) {
            let reference = try await ProcessRunner.run(
                sqlite,
                [
                    "-readonly", sandbox.storeFile.path,
                    "SELECT title FROM delivery WHERE group_id IS NULL AND id IN (SELECT rowid FROM delivery_search WHERE delivery_search MATCH 'fail*') ORDER BY delivered_at DESC, id DESC",
                ], environment: environment)
            #expect(reference.stdout == "crypto feed is failing\n", "\(reference.stdout)\(reference.stderr)")
        }
    }

    @Test func slashSearchesTheHistoryScreenAndItsLinksOpen() async throws {
        let (sandbox, environment, server) = try await InteractiveLinkTests.filledStore()
        defer { Task { await server.stop() } }
        defer { withExtendedLifetime(sandbox) {} }
        let terminal = environment.merging(["TERM": "xterm-256color"]) { $1 }

        // --grep on a terminal: the screen opens searched.
        let grepped = try await TmuxSession(InteractiveCountryTests.command(["history", "--grep", "fail"]), environment: terminal, width: 100, height: 24)
        #expect(await grepped.waitFor("History — 1 of 3"), "\(grepped.lastSeen)")
        #expect(grepped.lastSeen.contains("Search: fail") && grepped.lastSeen.contains("crypto feed is failing"), "\(grepped.lastSeen)")
        try await grepped.send("q")
        try await InteractiveCountryTests.expectSane(grepped, view: "History —")

        let session = try await TmuxSession(InteractiveCountryTests.command(["history"]), environment: terminal, width: 100, height: 24)
        #expect(await session.waitFor("History — 3 of 3"), "\(session.lastSeen)")
        #expect(session.lastSeen.contains("/ search"), "the footer says it:\n\(session.lastSeen)")
        try await session.send("/")
        #expect(await session.waitFor("Search: "), "\(session.lastSeen)")
        try await session.send("-l", "holi")
        #expect(await session.waitFor("History — 1 of 3"), "each key searches:\n\(session.lastSeen)")
        try InteractiveStatusTests.keep(try await session.screen(), as: "history-search-100x24.txt")
        try await session.send("Escape")
        #expect(await session.waitFor("History — 3 of 3"), "Esc clears:\n\(session.lastSeen)")
        #expect(!session.lastSeen.contains("Search:"), "\(session.lastSeen)")

        // Syntax typed is text: nothing holds it, and the screen still answers.
        try await session.send("/")
        try await session.send("-l", "\"NEAR(*")
        #expect(await session.waitFor("History — 0 of 3"), "\(session.lastSeen)")
        for _ in 0..<7 { try await session.send("BSpace") }
        try await session.send("-l", "fail")
        #expect(await session.waitFor("History — 1 of 3"), "\(session.lastSeen)")
        try await session.send("Enter")
        #expect(await session.waitFor("Search: fail  (/ to change)"), "Enter keeps it:\n\(session.lastSeen)")

        // The found entry's link opens its view from the store, long after its bubble.
        try await session.send("Enter")
        #expect(await session.waitFor("Feed crypto — degraded"), "\(session.lastSeen)")
        try await session.send("q")
        #expect(await session.waitFor("History — 1 of 3"), "back to the search\n\(session.lastSeen)")
        try await session.send("q")
        try await InteractiveCountryTests.expectSane(session, view: "History —")

        // --since on the screen too, and the search stays within it: at 10:12, the last 10
        // minutes hold only the failing notice (10:05), not the summary and holidays (10:00).
        // Through a shell's exec, as FakeTime runs it: preloaded, a program spawned directly loses its arguments.
        let faked = TmuxSession.quoted(
            ["env", "LD_PRELOAD=\(FakeTime.preload)", "DONT_FAKE_MONOTONIC=1", "FAKETIME=@2026-11-25 10:12:00", "/bin/sh", "-c", "exec \"$0\" \"$@\""]
                + [ProcessRunner.notifierPath, "history", "--since", "10m"])
        let recent = try await TmuxSession(
            "\(faked); echo \"exited with $?\"; \(InteractiveCountryTests.sttyCheck)", environment: terminal, width: 100, height: 24)
        #expect(await recent.waitFor("History — 1 of 1"), "\(recent.lastSeen)")
        #expect(recent.lastSeen.contains("crypto feed is failing"), "\(recent.lastSeen)")
        try await recent.send("/")
        try await recent.send("-l", "holi")
        #expect(await recent.waitFor("History — 0 of 1"), "\(recent.lastSeen)")
        try await recent.send("Escape")
        try await recent.send("q")
        try await InteractiveCountryTests.expectSane(recent, view: "History —")
        let json = try await FakeTime.notifier(["history", "--json", "--since", "10m"], at: "2026-11-25 10:12:00", environment: environment)
        #expect(json.stdout.split(separator: "\n").count == 1 && json.stdout.contains("\"rule\":\"feed_health\""), "\(json.stdout)")
    }
}
