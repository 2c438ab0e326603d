import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// The reminder commands as typed: `remind`, `list reminders`, `open reminder`, `next`, `forget`;
/// a one-off kept in the store (the config file untouched) and told by the next pass.
@Suite(.serialized, .sharingTheMachine) struct ReminderCommandTests {
    static let config = """
        [feeds.crypto]
        enabled = false
        [rules.launch_country]
        enabled = false
        [[reminders]]
        name = "rent"
        text = "Pay the rent"
        at = "10:00"
        every = "RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"
        skip = "holidays-before"
        time_zone = "Europe/Tallinn"
        """

    static func run(_ arguments: [String], at time: String = "2026-11-25 08:00:00", _ environment: [String: String]) async throws -> ProcessResult {
        try await FakeTime.notifier(arguments, at: time, environment: environment)
    }

    @Test func aOneOffIsRemindedOnceAndForgotten() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        let configBefore = try String(contentsOf: sandbox.configFile, encoding: .utf8)
        let added = try await Self.run(["remind", "Call the bank", "--at", "2026-12-01 10:00"], environment)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "call-the-bank: Tue 2026-12-01 10:00 +02:00\n", "\(added.stdout)")
        let inTwoHours = try await Self.run(["remind", "Take the bread out", "--in", "2h", "--name", "bread"], environment)
        #expect(inTwoHours.stdout == "bread: Wed 2026-11-25 10:00 +02:00\n", "\(inTwoHours.stdout)\(inTwoHours.stderr)")
        let nextTen = try await Self.run(["remind", "Stand up", "--at", "07:30"], environment)
        #expect(nextTen.stdout == "stand-up: Thu 2026-11-26 07:30 +02:00\n", "\(nextTen.stdout)\(nextTen.stderr)")
        #expect(try String(contentsOf: sandbox.configFile, encoding: .utf8) == configBefore)

        let list = try await Self.run(["list", "reminders"], environment)
        #expect(list.stdout.contains("rent  Mon 2026-11-30 10:00 +02:00  Pay the rent"), "\(list.stdout)")
        #expect(list.stdout.contains("call-the-bank  Tue 2026-12-01 10:00 +02:00  Call the bank"), "\(list.stdout)")
        let json = try await Self.run(["list", "reminders", "--json"], environment)
        let names = try (JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["rent", "bread", "call-the-bank", "stand-up"])

        // December's last working day is the 31st; the 24th–26th are holidays, not moves here.
        let next = try await Self.run(["next", "rent", "--count", "3"], environment)
        #expect(next.stdout == "Mon 2026-11-30 10:00 +02:00\nThu 2026-12-31 10:00 +02:00\nFri 2027-01-29 10:00 +02:00\n", "\(next.stdout)")
        let tried = try await Self.run(
            [
                "next", "--every", "monthly 24", "--at", "09:00", "--skip", "holidays-after", "--time-zone", "Europe/Tallinn", "--count", "1", "--from",
                "2026-12-01",
            ], environment)
        #expect(tried.stdout == "Mon 2026-12-28 09:00 +02:00  moved from Thu 2026-12-24 (Jõululaupäev)\n", "\(tried.stdout)")

        // The pass at 10:05: the bread's time has come.
        let pass = try await Self.run(["--once", "--output", "json"], at: "2026-11-25 10:05:00", environment)
        #expect(pass.stdout.contains("\"key\":\"bread@2026-11-25T10:00\""), "\(pass.stdout)")
        let view = try await Self.run(["open", "reminder", "bread"], at: "2026-11-25 10:06:00", environment)
        #expect(view.stdout.contains("bread: Take the bread out"), "\(view.stdout)")
        #expect(view.stdout.contains("last shown: 2026-11-25T10:05:0"), "\(view.stdout)")

        let forgot = try await Self.run(["forget", "bread"], environment)
        #expect(forgot.status == 0 && forgot.stdout == "forgot bread\n", "\(forgot.stderr)")
        let again = try await Self.run(["forget", "bread"], environment)
        #expect(again.status == 2 && again.stderr.contains("no one-off reminder called 'bread'"), "\(again.stderr)")
        let configured = try await Self.run(["forget", "rent"], environment)
        #expect(configured.status == 2 && configured.stderr.contains("remove its [[reminders]] table there"), "\(configured.stderr)")
        let wrong = try await Self.run(["next", "--every", "fortnightly", "--at", "09:00"], environment)
        #expect(wrong.status == 2 && wrong.stderr.contains("write one of daily, weekdays"), "\(wrong.stderr)")
    }

    @Test func muteSilencesRemindersAndHistoryAndRulesShowThem() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        #expect(try await Self.run(["remind", "Tea", "--at", "2026-11-25 10:00", "--name", "tea"], environment).status == 0)
        #expect(try await Self.run(["remind", "Coffee", "--at", "2026-11-26 10:00", "--name", "coffee"], environment).status == 0)
        #expect(try await Self.run(["mute", "reminder", "--for", "1d"], at: "2026-11-25 09:00:00", environment).status == 0)
        let muted = try await Self.run(["--once", "--output", "json"], at: "2026-11-25 10:01:00", environment)
        #expect(!muted.stdout.contains("\"rule\":\"reminder\""), "\(muted.stdout)")
        let shown = try await Self.run(["--once", "--output", "json"], at: "2026-11-26 10:01:00", environment)
        #expect(shown.stdout.contains("\"key\":\"coffee@2026-11-26T10:00\""), "\(shown.stdout)")
        let history = try await Self.run(["history"], at: "2026-11-26 10:02:00", environment)
        #expect(history.stdout.contains("Coffee") && !history.stdout.contains("Tea"), "\(history.stdout)")
        let rules = try await Self.run(["rules"], at: "2026-11-26 10:02:00", environment)
        #expect(rules.stdout.contains("reminder") && rules.stdout.contains("coffee@2026-11-26T10:00"), "\(rules.stdout)")
        let why = try await Self.run(["why", "reminder", "tea@2026-11-25T10:00"], at: "2026-11-26 10:02:00", environment)
        #expect(why.stdout.contains("mute"), "\(why.stdout)\(why.stderr)")
    }

    @Test func listRemindersOnATerminalIsInteractive() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let environment = sandbox.environment(["TERM": "xterm-256color", "TZ": "Europe/Tallinn"])
        #expect(try await ProcessRunner.notifier(["remind", "Call the bank", "--at", "2099-12-01 10:00"], environment: environment).status == 0)
        let session = try await TmuxSession(InteractiveCountryTests.command(["list", "reminders"]), environment: environment, width: 100, height: 20)
        #expect(await session.waitFor("Reminders — 2"), "\(session.lastSeen)")
        #expect(session.lastSeen.contains("rent  ") && session.lastSeen.contains("call-the-bank  Tue 2099-12-01 10:00"), "\(session.lastSeen)")
        // The footer names q once, as every screen's does.
        #expect(!session.lastSeen.contains("q quit") && session.lastSeen.components(separatedBy: "q close").count == 2, "\(session.lastSeen)")
        try await session.send("Down", "Enter")
        #expect(await session.waitFor("once, 2099-12-01 10:00 (one-off (notifier remind))"), "\(session.lastSeen)")
        #expect(session.lastSeen.contains("last shown: never"), "\(session.lastSeen)")
        try await session.send("q")
        #expect(await session.waitFor("exited with 0"), "\(session.lastSeen)")
    }

    /// `rules` writes a reminder by its name and next time, not as the record its looks keep.
    @Test func rulesWritesAReminderByItsNameAndNextTime() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        let pass = try await Self.run(["--once"], environment)
        #expect(pass.status == 0, "\(pass.stderr)")
        let rules = try await Self.run(["rules", "--plain"], environment)
        #expect(rules.stdout.contains("\n  rent  next 2026-11-30 10:00\n"), "\(rules.stdout)")
        #expect(!rules.stdout.contains("@look") && !rules.stdout.contains("last next"), "\(rules.stdout)")
    }

    @Test func aBadReminderIsAnErrorNamingTheEntryAndLine() async throws {
        let sandbox = try Sandbox(config: Self.config + "\n[[reminders]]\nname = \"x\"\ntext = \"X\"\nat = \"25:00\"\nevery = \"daily\"\n")
        let result = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(result.status == 2)
        #expect(result.stderr.contains("reminders[1].at must be a time of day such as \"09:45\""), "\(result.stderr)")
    }
}
