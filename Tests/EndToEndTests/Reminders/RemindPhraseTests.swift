import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Times in words where a person types them: `notifier when`, `remind` with the phrase in its
/// text or its options (echoed, kept with --yes or from a pipe, asked on a terminal), the
/// recurring reminder kept with its start, `next --every PHRASE`, and the refusals.
@Suite(.serialized, .sharingTheMachine) struct RemindPhraseTests {
    static let config = """
        [feeds.crypto]
        enabled = false
        [rules.launch_country]
        enabled = false
        """

    /// Saturday 2026-11-28 20:00 in Tallinn.
    static func run(_ arguments: [String], at time: String = "2026-11-28 20:00:00", _ environment: [String: String]) async throws -> ProcessResult {
        try await FakeTime.notifier(arguments, at: time, environment: environment)
    }

    @Test func whenAnswersInWordsRuleAndDates() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        let text = try await Self.run(["when", "every other tuesday at 9", "--count", "3"], environment)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout == """
                understood  every other Tuesday at 09:00, counting from Tuesday 1 December 2026
                language    English
                rule        RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU
                next        Tue 2026-12-01 09:00 +02:00
                            Tue 2026-12-15 09:00 +02:00
                            Tue 2026-12-29 09:00 +02:00

                """, "\(text.stdout)")
        let json = try await Self.run(["when", "iga kuu viimane pühapäev kell 18", "--from", "2026-12-01 08:00", "--count", "2", "--json"], environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stderr)")
        #expect(object["phrase"] as? String == "iga kuu viimane pühapäev kell 18")
        #expect(object["language"] as? String == "et")
        #expect(object["understood"] as? String == "the last Sunday of every month at 18:00")
        #expect(object["rrule"] as? String == "RRULE:FREQ=MONTHLY;BYDAY=-1SU")
        #expect(object["dates"] as? [String] == ["2026-12-27T18:00:00+02:00", "2027-01-31T18:00:00+02:00"])
        let once = try await Self.run(["when", "tomorrow at 9", "--json", "--time-zone", "America/New_York"], environment)
        let oneOff = try #require(try JSONSerialization.jsonObject(with: Data(once.stdout.utf8)) as? [String: Any], "\(once.stderr)")
        #expect(oneOff["rrule"] == nil)
        #expect(oneOff["dates"] as? [String] == ["2026-11-29T09:00:00-05:00"])
    }

    @Test func whenRefusesWithOneLine() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        let refusals = [
            ("every second thursday at 9", "it could mean \"every other thursday\" or \"the second thursday of every month\""),
            ("30 february at 9", "30 February does not exist"),
            ("every 0 days at 9", "0 days is no span"),
            ("today at 9", "Saturday 28 November 2026 at 09:00 is in the past"),
            ("take the bins out", "is not a word of a time phrase"),
            ("every other tuesday", "needs a time of day"),
        ]
        for (phrase, reason) in refusals {
            let result = try await Self.run(["when", phrase], environment)
            #expect(result.status == 2 && result.stdout.isEmpty, "\(phrase): \(result.stdout)")
            #expect(result.stderr.hasPrefix("notifier: ") && result.stderr.contains(reason), "\(phrase): \(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
        }
        let huge = String(repeating: "every other tuesday ", count: 6_000)
        let started = ContinuousClock.now
        let refused = try await Self.run(["when", huge], environment)
        #expect(refused.status == 2 && refused.stderr.contains("at most 200 bytes"), "\(refused.stderr.prefix(300))")
        #expect(ContinuousClock.now - started < .seconds(1))
    }

    @Test func remindKeepsWhatItEchoed() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        let rent = try await Self.run(["remind", "pay the rent on the last working day of every month at 10", "--yes"], environment)
        #expect(rent.status == 0, "\(rent.stderr)")
        #expect(
            rent.stdout == """
                reminder  pay the rent   (when: "on the last working day of every month at 10")
                when      the last working day (Monday to Friday) of every month at 10:00
                next      Mon 2026-11-30 10:00 +02:00
                          Thu 2026-12-31 10:00 +02:00
                          Fri 2027-01-29 10:00 +02:00
                kept as pay-the-rent (`notifier forget pay-the-rent` removes it)

                """, "\(rent.stdout)")
        // From a pipe it keeps without asking; the start is kept with it.
        let bins = try await Self.run(["remind", "prügi välja iga teine teisipäev kell 19", "--name", "bins"], environment)
        #expect(
            bins.status == 0 && bins.stdout.contains("when      every other Tuesday at 19:00, counting from Tuesday 1 December 2026"),
            "\(bins.stdout)\(bins.stderr)")
        #expect(bins.stdout.hasSuffix("kept as bins (`notifier forget bins` removes it)\n"))
        // Five weeks on, on another day, the same fortnights.
        let later = try await Self.run(["next", "bins", "--count", "2"], at: "2027-01-06 12:00:00", environment)
        #expect(later.stdout == "Tue 2027-01-12 19:00 +02:00\nTue 2027-01-26 19:00 +02:00\n", "\(later.stdout)\(later.stderr)")
        let options = try await Self.run(["remind", "Stand-up", "--every", "weekdays", "--at", "9.30", "--name", "daily-stand-up"], environment)
        #expect(options.stdout.contains("when      every weekday (Monday to Friday) at 09:30"), "\(options.stdout)\(options.stderr)")
        let spoken = try await Self.run(["remind", "Tea", "--in", "90 minutes"], environment)
        #expect(spoken.stdout.contains("when      in 90 minutes, Saturday 28 November 2026 at 21:30"), "\(spoken.stdout)\(spoken.stderr)")
        let list = try await Self.run(["list", "reminders"], environment)
        for name in ["pay-the-rent", "bins", "daily-stand-up", "tea"] { #expect(list.stdout.contains("\(name)  "), "\(list.stdout)") }
        let view = try await Self.run(["open", "reminder", "bins"], environment)
        #expect(view.stdout.contains("every other Tuesday at 19:00, counting from 2026-12-01 (recurring (notifier remind))"), "\(view.stdout)")

        // Nothing is kept for a phrase refused or ambiguous.
        let ambiguous = try await Self.run(["remind", "meet every second thursday at 9"], environment)
        #expect(ambiguous.status == 2 && ambiguous.stderr.contains("\"every other thursday\" or \"the second thursday of every month\""))
        let past = try await Self.run(["remind", "Call", "--at", "today at 9"], environment)
        #expect(past.status == 2 && past.stderr.contains("is in the past"), "\(past.stderr)")
        let after = try await Self.run(["list", "reminders", "--json"], environment)
        #expect(!after.stdout.contains("meet") && !after.stdout.contains("\"call\""), "\(after.stdout)")
        #expect(try await Self.run(["forget", "bins"], environment).stdout == "forgot bins\n")
        let tried = try await Self.run(["next", "--every", "the first and third monday of every month at 9", "--count", "3"], environment)
        #expect(tried.stdout == "Mon 2026-12-07 09:00 +02:00\nMon 2026-12-21 09:00 +02:00\nMon 2027-01-04 09:00 +02:00\n", "\(tried.stdout)\(tried.stderr)")
    }

    @Test func configCheckSaysWhatEachPhraseMeans() async throws {
        let sandbox = try Sandbox(
            config: Self.config + """

                [[reminders]]
                name = "bins"
                text = "Take out the bins"
                at = "19"
                every = "every other tuesday"
                [[reminders]]
                name = "sauna"
                text = "Saun"
                at = "kell 18"
                every = "iga teine laupäev"
                start = "2026-12-05"
                [[reminders]]
                name = "gifts"
                text = "Gifts"
                at = "24 december 2026 at 18"
                [[reminders]]
                name = "standup"
                text = "Stand-up"
                at = "09:45"
                every = "weekdays"
                """)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        let check = try await Self.run(["config", "check"], environment)
        #expect(check.status == 0, "\(check.stderr)")
        for line in [
            "every = \"every other tuesday\"  # means: every other Tuesday at 19:00; RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU; counted from the day notifier first read it (start = \"YYYY-MM-DD\" fixes it)\n",
            "every = \"iga teine laupäev\"  # means: every other Saturday at 18:00; RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SA; from 2026-12-05\nstart = \"2026-12-05\"\n",
            "at = \"24 december 2026 at 18\"  # means: once, Thursday 24 December 2026 at 18:00\n",
            // The forms of before are written back as they were.
            "at = \"09:45\"\nevery = \"weekdays\"\nskip",
        ] {
            #expect(check.stdout.contains(line), "\(line) in\n\(check.stdout)")
        }
        // The first pass remembers the day it first read "every other tuesday": weeks later, the same fortnights.
        let pass = try await Self.run(["--once", "--output", "json"], environment)
        #expect(pass.stderr.isEmpty || !pass.stderr.contains("bins"), "\(pass.stderr)")
        let later = try await Self.run(["next", "bins", "--count", "2"], at: "2027-01-06 12:00:00", environment)
        #expect(later.stdout == "Tue 2027-01-12 19:00 +02:00\nTue 2027-01-26 19:00 +02:00\n", "\(later.stdout)\(later.stderr)")
        let sauna = try await Self.run(["next", "sauna", "--count", "2"], environment)
        #expect(sauna.stdout == "Sat 2026-12-05 18:00 +02:00\nSat 2026-12-19 18:00 +02:00\n", "\(sauna.stdout)\(sauna.stderr)")

        // Two readings: refused with the file, line and key.
        try (Self.config + "\n[[reminders]]\nname = \"meet\"\ntext = \"Meet\"\nat = \"9\"\nevery = \"every second thursday\"\n")
            .write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        let refused = try await Self.run(["config", "check"], environment)
        #expect(refused.status == 2, "\(refused.stdout)")
        #expect(
            refused.stderr.contains("config.toml:9: reminders[0].every \"second thursday\" has two meanings: it could mean \"every other thursday\" or"),
            "\(refused.stderr)")
    }

    /// On a terminal: the echo, "Keep it? [Y/n]", answered y (kept) and n (not).
    @Test(arguments: ["y", "n"])
    func remindAsksOnATerminal(answer: String) async throws {
        let sandbox = try Sandbox(config: Self.config)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn", "TERM": "xterm-256color"])
        let command = TmuxSession.quoted([ProcessRunner.notifierPath, "remind", "take out the bins every other tuesday at 9"]) + "; echo \"exited with $?\""
        let session = try await TmuxSession(command, environment: environment)
        #expect(await session.waitFor("Keep it? [Y/n]"), "\(session.lastSeen)")
        let screen = try await session.screen()
        #expect(screen.contains("reminder  take out the bins   (when: \"every other tuesday at 9\")"), "\(screen)")
        #expect(screen.contains("when      every other Tuesday at 09:00, counting from"), "\(screen)")
        #expect(screen.split(separator: "\n").filter { $0.contains(" 09:00 +0") }.count == 3, "three dates: \(screen)")
        try await session.send(answer, "Enter")
        #expect(await session.waitFor("exited with 0"), "\(session.lastSeen)")
        let after = try await session.screen()
        #expect(after.contains(answer == "y" ? "kept as take-out-the-bins" : "not kept"), "\(after)")
        let list = try await ProcessRunner.notifier(["list", "reminders"], environment: environment)
        #expect(list.stdout.contains("take-out-the-bins") == (answer == "y"), "\(list.stdout)")
    }
}
