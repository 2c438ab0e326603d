import EndToEndSupport
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

/// The country views on a pseudo-terminal (tmux), typed at and read as a person would.
@Suite(.sharingTheMachine) struct InteractiveCountryTests {
    static var notifier: String { ProcessRunner.notifierPath }

    /// The program, then what the terminal is like after it: its exit status and `stty -a`.
    static func command(_ arguments: [String], environment prefix: String = "") -> String {
        "\(prefix)\(TmuxSession.quoted([notifier] + arguments)); echo \"exited with $?\"; \(sttyCheck)"
    }

    /// The terminal modes a shell needs, on one short line: "modes: icrnl icanon echo".
    static let sttyCheck = "echo modes: $(stty -a | tr ' ;' '\\n\\n' | grep -xE 'icanon|echo|icrnl' | tr '\\n' ' ')"

    /// A terminal given back as it was: line editing and echo on again, the alternate screen left.
    static func expectSane(_ session: TmuxSession, view marker: String) async throws {
        #expect(await session.waitFor("exited with 0"), "\(session.lastSeen)")
        #expect(await session.waitFor("modes: icrnl icanon echo"), "\(session.lastSeen)")
        let screen = try await session.screen()
        #expect(!screen.contains(marker), "the view's screen is gone:\n\(screen)")
    }

    /// xdg-open as a script that records its arguments, first on the PATH.
    static func standInOpener(in sandbox: Sandbox) throws -> (path: String, record: String) {
        let bin = sandbox.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let opener = try StandInTerminal(in: bin, name: "xdg-open")
        return (bin.path, opener.record)
    }

    @Test func theDetailViewOpensBordersTheMapAndClosesCleanly() async throws {
        let sandbox = try Sandbox()
        let opener = try Self.standInOpener(in: sandbox)
        let session = try await TmuxSession(
            Self.command(["open", "country", "KZ"]),
            environment: sandbox.environment(["PATH": opener.path + ":/usr/bin:/bin", "TERM": "xterm-256color"]))
        #expect(await session.waitFor("Kazakhstan  KZ / KAZ"), "\(session.lastSeen)")
        let screen = try await session.screen()
        for expected in [
            "Republic of Kazakhstan", "Capital     Astana (51.16°N, 71.45°E)", "Population  18,754,440",
            "Borders     [China], Kyrgyzstan, Russia, Turkmenistan, Uzbekistan", "? help", "q close",
        ] {
            #expect(screen.contains(expected), "missing \(expected) in\n\(screen)")
        }
        let styled = try await session.screen(escapes: true)
        #expect(styled.contains("\u{1B}[") && !screen.contains("[1m"), "real escape sequences, none shown as text")
        // The footer sits on the last row.
        #expect(screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last?.hasPrefix("o map") == true, "\(screen)")

        try await session.send("Right")
        #expect(await session.waitFor("[Kyrgyzstan]"))
        try await session.send("Enter")
        #expect(await session.waitFor("Kyrgyzstan  KG / KGZ"), "Enter opens the selected border")
        try await session.send("BSpace")
        #expect(await session.waitFor("Kazakhstan  KZ / KAZ"), "Backspace returns")

        try await session.send("?")
        #expect(await session.waitFor("this help; any key closes it"))
        try await session.send("x")
        #expect(await session.waitFor("Republic of Kazakhstan"))

        try await session.send("o")
        #expect(await session.waitFor("openstreetmap.org"), "the status line names what it opens")
        #expect(await waitForFile(opener.record), "o runs xdg-open\n\(session.lastSeen)")
        let opened = (try? String(contentsOfFile: opener.record, encoding: .utf8)) ?? ""
        #expect(opened == "https://www.openstreetmap.org/?mlat=51.1600&mlon=71.4500#map=10/51.1600/71.4500\n", "one argument, no shell")

        try await session.resize(width: 50, height: 12)
        #expect(
            await session.waitUntil { screen in
                let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return rows.count >= 12 && rows[11].hasPrefix("o map") && rows.allSatisfy { DisplayWidth.of(String($0)) <= 50 }
            }, "redrawn for the new size:\n\(session.lastSeen)")

        try await session.send("q")
        try await Self.expectSane(session, view: "Astana (51.16")
    }

    @Test func noColorMeansNoEscapeSequences() async throws {
        let sandbox = try Sandbox()
        let session = try await TmuxSession(
            Self.command(["open", "country", "EE"], environment: "NO_COLOR=1 "), environment: sandbox.environment(["TERM": "xterm-256color"]))
        #expect(await session.waitFor("Estonia  EE / EST"))
        let styled = try await session.screen(escapes: true)
        #expect(!styled.contains("\u{1B}["), "\(styled)")
        #expect(styled.contains("[Latvia]"), "the selection reads without colour")
        try await session.send("Escape")
        try await Self.expectSane(session, view: "Tallinn")
    }

    @Test func theListFoldsFiltersAndOpensACountry() async throws {
        let sandbox = try Sandbox()
        let session = try await TmuxSession(Self.command(["list", "countries"]), environment: sandbox.environment(["TERM": "xterm-256color"]))
        #expect(await session.waitFor("Countries (250)"), "\(session.lastSeen)")
        let first = try await session.screen()
        #expect(first.contains("› ▸ Africa (58)"))
        try await session.send("Down", "Down", "Enter")
        #expect(await session.waitFor("▾ Asia (50)"))
        let screen = try await session.screen()
        // Flags are two columns wide: the capitals still start in one column.
        let rows = screen.split(separator: "\n").map(String.init)
        let columns = ["Kabul", "Yerevan", "Manama"].compactMap { capital in
            rows.first { $0.contains(capital) }.map { DisplayWidth.of(String($0[..<$0.range(of: capital)!.lowerBound])) }
        }
        #expect(columns.count == 3 && Set(columns).count == 1, "\(columns)\n\(screen)")

        try await session.send("/", "kaz")
        #expect(await session.waitFor("Filter: kaz"))
        try await session.send("Enter")
        #expect(await session.waitUntil { $0.contains("› ") && $0.contains("Kazakhstan") })
        try await session.send("Enter")
        #expect(await session.waitFor("Kazakhstan  KZ / KAZ"), "\(session.lastSeen)")
        try await session.send("BSpace")
        #expect(await session.waitFor("filter: kaz"))
        try await session.send("C-c")
        try await Self.expectSane(session, view: "Countries (250)")
    }

    @Test func plainPrintsStyledTextWithItsEscapes() async throws {
        let sandbox = try Sandbox()
        let session = try await TmuxSession(Self.command(["open", "country", "HR", "--plain"]), environment: sandbox.environment(["TERM": "xterm-256color"]))
        #expect(await session.waitFor("exited with 0"))
        let screen = try await session.screen()
        let styled = try await session.screen(escapes: true)
        #expect(screen.contains("Croatia  HR / HRV") && !screen.contains("[1m") && !screen.contains("[0m"), "\(screen)")
        #expect(styled.contains("\u{1B}[1m"), "bold, as a real escape sequence")
    }

    @Test func aSigtermRestoresTheTerminal() async throws {
        let sandbox = try Sandbox()
        let pidFile = sandbox.root.appendingPathComponent("view.pid").path
        let session = try await TmuxSession(
            "\(TmuxSession.quoted([Self.notifier, "list", "countries"])) </dev/tty & echo $! > \(TmuxSession.quoted([pidFile])); wait $!; echo \"exited with $?\"; \(Self.sttyCheck)",
            environment: sandbox.environment(["TERM": "xterm-256color"]))
        // The signal goes once the view is drawn, so its handler is surely in place: a fixed
        // second was too short on a loaded machine, where the default action ended it with 143.
        #expect(await session.waitFor("Countries (250)"), "\(session.lastSeen)")
        let pid = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGTERM)
        #expect(await session.waitFor("exited with 0"), "\(session.lastSeen)")
        #expect(await session.waitFor("modes: icrnl icanon echo"), "\(session.lastSeen)")
        #expect(!(try await session.screen()).contains("Countries (250)"), "\(session.lastSeen)")
    }

    private func waitForFile(_ path: String) async -> Bool {
        await eventually(timeout: .seconds(10), every: .milliseconds(50)) { FileManager.default.fileExists(atPath: path) }
    }
}

/// The week view on a pseudo-terminal.
@Suite(.sharingTheMachine) struct InteractiveWeekTests {
    @Test func weeksMoveTheFirstDayCyclesAndIsRemembered() async throws {
        let sandbox = try Sandbox(holidays: true)
        let command = InteractiveCountryTests.command(["open", "week", "2026-12-21"])
        let session = try await TmuxSession(command, environment: sandbox.environment(["TERM": "xterm-256color"]))
        #expect(await session.waitFor("Thu  2026-12-24  ● Jõululaupäev; ○ Jõulud"), "\(session.lastSeen)")
        #expect(try await session.screen(escapes: true).contains("\u{1B}["))
        try await session.send("Right")
        #expect(await session.waitFor("Week of 2026-12-28 – 2027-01-03"))
        #expect(await session.waitFor("Fri  2027-01-01  ● Uusaasta"), "\(session.lastSeen)")
        try await session.send("Left", "f")
        #expect(await session.waitFor("Week of 2026-12-20 – 2026-12-26"), "\(session.lastSeen)")
        try await session.resize(width: 60, height: 16)
        #expect(await session.waitUntil { $0.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last?.hasPrefix("←→ week") == true })
        try await session.send("q")
        try await InteractiveCountryTests.expectSane(session, view: "Week of")
        let remembered = try String(contentsOfFile: sandbox.root.appendingPathComponent("state/notifier/week-first-day").path, encoding: .utf8)
        #expect(remembered == "sunday\n")

        // The next start begins on Sunday; NO_COLOR leaves no escape sequence, the marks stay.
        let again = try await TmuxSession(
            InteractiveCountryTests.command(["open", "week", "2026-12-21"], environment: "NO_COLOR=1 "),
            environment: sandbox.environment(["TERM": "xterm-256color"]))
        #expect(await again.waitFor("Week of 2026-12-20 – 2026-12-26"), "\(again.lastSeen)")
        #expect(await again.waitFor("● Jõululaupäev"))
        #expect(try await !again.screen(escapes: true).contains("\u{1B}["))
        try await again.send("C-c")
        try await InteractiveCountryTests.expectSane(again, view: "Week of")
    }
}

/// `open holiday DATE` on a terminal opens the week of that date; `--plain` prints the day.
@Suite(.sharingTheMachine) struct InteractiveHolidayTests {
    @Test func aHolidayOpensItsWeek() async throws {
        let sandbox = try Sandbox(holidays: true)
        let session = try await TmuxSession(
            InteractiveCountryTests.command(["open", "holiday", "2026-12-24"]),
            environment: sandbox.environment(["TERM": "xterm-256color"]))
        #expect(await session.waitFor("Week of 2026-12-21 – 2026-12-27"), "\(session.lastSeen)")
        #expect(await session.waitFor("● Jõululaupäev"))
        try await session.send("q")
        try await InteractiveCountryTests.expectSane(session, view: "Week of")

        let plain = try await TmuxSession(
            InteractiveCountryTests.command(["open", "holiday", "2026-12-24", "--plain"]),
            environment: sandbox.environment(["TERM": "xterm-256color"]))
        #expect(await plain.waitFor("exited with 0"))
        #expect(plain.lastSeen.contains("2026-12-24  Thursday") && !plain.lastSeen.contains("[1m"), "\(plain.lastSeen)")
    }
}
