import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A reminder whose `every` no day meets (week 1 is never in June), beside a good one: `config
/// check` refuses it with its line; every other command runs without it, says so, and tells the
/// good reminder. It used to stop them all with SIGILL.
@Suite(.serialized, .sharingTheMachine) struct NeverOccurringRuleTests {
    static let never = "RRULE:FREQ=YEARLY;BYWEEKNO=1;BYMONTH=6"
    static let config = """
        [feeds.crypto]
        enabled = false
        [rules.launch_country]
        enabled = false
        [[reminders]]
        name = "pills"
        text = "Take the pills"
        at = "09:00"
        every = "daily"
        time_zone = "Europe/Tallinn"
        [[reminders]]
        name = "june"
        text = "Week one of June"
        at = "09:00"
        every = "\(never)"
        time_zone = "Europe/Tallinn"
        """

    static var neverLine: Int {
        (config.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(never) } ?? -1) + 1
    }

    @Test func configCheckRefusesItWithItsLineAndTheOtherCommandsRunWithoutIt() async throws {
        let sandbox = try Sandbox(config: Self.config)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        let expected = "config.toml:\(Self.neverLine): reminders[1].every \"\(Self.never)\": has no occurrence"

        let check = try await ProcessRunner.notifier(["config", "check"], environment: environment)
        #expect(check.status == 2, "\(check.stdout)\(check.stderr)")
        #expect(check.stderr.contains(expected), "\(check.stderr)")

        let next = try await FakeTime.notifier(["next", "pills", "--count", "2"], at: "2026-11-25 08:00:00", environment: environment)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout == "Wed 2026-11-25 09:00 +02:00\nThu 2026-11-26 09:00 +02:00\n", "\(next.stdout)")
        #expect(next.stderr.contains(expected) && next.stderr.contains("left out until it is fixed"), "\(next.stderr)")

        let list = try await FakeTime.notifier(["list", "reminders"], at: "2026-11-25 08:00:00", environment: environment)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("pills  Wed 2026-11-25 09:00 +02:00  Take the pills"), "\(list.stdout)")

        #expect(try await FakeTime.notifier(["--once", "--output", "json"], at: "2026-11-25 08:59:00", environment: environment).status == 0)
        let pass = try await FakeTime.notifier(["--once", "--output", "json"], at: "2026-11-25 09:00:20", environment: environment)
        #expect(pass.status == 0, "\(pass.stderr)")
        #expect(pass.stdout.contains("\"title\":\"Take the pills\"") && pass.stdout.contains("at 09:00 today"), "\(pass.stdout)")
        #expect(pass.stderr.contains(expected), "\(pass.stderr)")

        let tried = try await ProcessRunner.notifier(["next", "--every", Self.never, "--at", "09:00"], environment: environment)
        #expect(tried.status == 2 && tried.stderr.contains("has no occurrence"), "\(tried.stderr)")
    }
}
