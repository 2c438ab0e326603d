import Foundation
import TestSupport
import Testing

/// Smaller things an outside look found, each as a person meets it through the built program:
/// echoes bounded, one convention for JSON times, names a person wrote, and inputs that ran
/// long or were named wrongly.
@Suite(.sharingTheMachine) struct SeenOnTheWayTests {
    static let othersOff = WatchEndToEndTests.othersOff

    @Test func aTenKilobyteNameIsNotEchoedWhole() async throws {
        let sandbox = try Sandbox(config: Self.othersOff)
        let name = String(repeating: "x", count: 10_000)
        let ack = try await ProcessRunner.notifier(["ack", name], environment: sandbox.environment())
        #expect(ack.status == 2, "\(ack.stderr)")
        #expect(ack.stderr.contains("nothing called \"xxxx") && ack.stderr.contains("…"), "\(ack.stderr.prefix(300))")
        #expect(ack.stderr.count < 400 && ack.stdout.count < 400, "\(ack.stderr.count) \(ack.stdout.count)")
        // And every other echo of what a person typed: names, paths, searches, dates.
        for command in [
            ["channel", "test", name], ["config", "check", "--config", name], ["test", name], ["why", name], ["open", "feed", name],
            ["open", "week", name], ["history", "--grep", name], ["mute", name], ["remind", name, "--at", "10:00"],
        ] {
            let result = try await ProcessRunner.notifier(command, environment: sandbox.environment())
            #expect(result.stderr.count + result.stdout.count < 800, "\(command.first!) \(command[1]): \(result.stderr.prefix(300))")
        }
    }

    @Test func helpSumsUpWhatNotifierDoesNow() async throws {
        let help = try await ProcessRunner.notifier(["--help"], environment: try Sandbox().environment())
        #expect(help.stdout.contains("watches, reminders, calendars and subscriptions"), "\(help.stdout.prefix(300))")
    }

    /// A watch's name is enough for `why`; its decisions' times in JSON carry the local offset,
    /// as `history --json`'s and `ack --json`'s do.
    @Test func whyTakesAWatchsNameAndEveryJSONTimeHasTheLocalOffset() async throws {
        let sandbox = try Sandbox(config: "")
        let level = sandbox.root.appendingPathComponent("level")
        try (Self.othersOff + "\n[[watches]]\nname = \"lvl\"\ncommand = [\"cat\", \"\(level.path)\"]\nselect = \".\"\nabove = 3\nacknowledge = true\n")
            .write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        try "1".write(to: level, atomically: true, encoding: .utf8)
        _ = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: environment)
        try "5".write(to: level, atomically: true, encoding: .utf8)
        let once = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: environment)
        #expect(once.status == 0, "\(once.stderr)")
        #expect(once.stdout.contains("+02:00\""), "--output json: \(once.stdout)")
        let why = try await ProcessRunner.notifier(["why", "lvl", "--plain"], environment: environment)
        #expect(why.status == 0, "\(why.stderr)")
        #expect(why.stdout.contains("watch lvl:above"), "\(why.stdout)")
        let whyJSON = try await ProcessRunner.notifier(["why", "lvl", "--json"], environment: environment)
        #expect(Self.times(whyJSON.stdout).allSatisfy { $0.hasSuffix("+02:00") } && !Self.times(whyJSON.stdout).isEmpty, "\(whyJSON.stdout)")
        let history = try await ProcessRunner.notifier(["history", "--json"], environment: environment)
        #expect(Self.times(history.stdout).allSatisfy { $0.hasSuffix("+02:00") } && !Self.times(history.stdout).isEmpty, "\(history.stdout)")
        let ack = try await ProcessRunner.notifier(["ack", "--json"], environment: environment)
        #expect(ack.stdout.contains("+02:00\""), "\(ack.stdout)")
        let unknown = try await ProcessRunner.notifier(["why", "nolvl"], environment: environment)
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown rule 'nolvl'"), "\(unknown.stderr)")
    }

    /// Every "time" value of JSON Lines output.
    static func times(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["time"] as? String
        }
    }

    @Test func aChannelWithoutBaseURLIsToldByTheKeyThePersonWrote() async throws {
        let sandbox = try Sandbox(config: Self.othersOff + "\n[[channels]]\nname = \"phone\"\nntfy = \"https://no-such-host.invalid/topic\"\n")
        let test = try await ProcessRunner.notifier(["channel", "test", "phone"], environment: sandbox.environment())
        #expect(test.status != 0)
        let said = test.stdout + test.stderr
        #expect(said.contains("typo in ntfy?") && !said.contains("base_url"), "\(said)")
    }

    @Test func statusListsNoWatchThePersonNeverConfigured() async throws {
        let sandbox = try Sandbox(config: Self.othersOff)
        let status = try await ProcessRunner.notifier(["status", "--plain"], environment: sandbox.environment())
        #expect(status.status == 0, "\(status.stderr)")
        #expect(!status.stdout.contains("swift-stars"), "\(status.stdout)")
    }

    /// A body nested a million deep, from a command and from a URL: jq's words, not "selected
    /// more than 1024 KiB".
    @Test func aBodyNestedTooDeepIsSaidSo() async throws {
        let sandbox = try Sandbox(config: "")
        let deep = sandbox.root.appendingPathComponent("deep.json")
        try Data((String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)).utf8).write(to: deep)
        try (Self.othersOff + "\n[[watches]]\nname = \"deep\"\ncommand = [\"cat\", \"\(deep.path)\"]\nselect = \".\"\nchange = true\n")
            .write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        let once = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: sandbox.environment())
        #expect(once.stderr.contains("nested too deep (jq: 'Exceeds depth limit for parsing"), "\(once.stderr.prefix(600))")
        #expect(!once.stderr.contains("1024 KiB"), "\(once.stderr.prefix(600))")
    }

    @Test func aHeaderOfAHundredThousandPartsIsRefusedAtOnce() async throws {
        let sandbox = try Sandbox(config: "")
        try ("[" + Array(repeating: "a", count: 100_000).joined(separator: ".") + "]\n").write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        let started = ContinuousClock.now
        let check = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(ContinuousClock.now - started < .seconds(15))
        #expect(check.status == 2, "\(check.stderr.prefix(300))")
        #expect(check.stderr.contains("config.toml:1: not valid TOML: a key or table header has more than 64 dotted parts"), "\(check.stderr.prefix(300))")
    }

    /// The week and the holiday view take one range: no day of 2201 in the week of 2200-12-31.
    @Test func theWeekAndTheHolidayTakeOneRangeAndFolkDaysAreCapitalised() async throws {
        let sandbox = try Sandbox(config: Self.othersOff)
        let week = try await ProcessRunner.notifier(["open", "week", "2200-12-31", "--plain"], environment: sandbox.environment())
        #expect(week.status == 0, "\(week.stderr)")
        #expect(week.stdout.contains("2200-12-31") && !week.stdout.contains("2201-"), "\(week.stdout)")
        for command in [["open", "holiday", "2201-01-01"], ["open", "week", "2201-01-01", "--plain"]] {
            let refused = try await ProcessRunner.notifier(command, environment: sandbox.environment())
            #expect(refused.status == 2 && refused.stderr.contains("2201 is after the calendar's range, 1900–2200"), "\(command) \(refused.stderr)")
        }
        let may = try await ProcessRunner.notifier(["open", "week", "2026-05-18", "--plain"], environment: sandbox.environment())
        #expect(may.stdout.contains("Eerikupäev") && !may.stdout.contains("eerikupäev"), "\(may.stdout)")
    }
}
