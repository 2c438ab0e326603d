import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// The engine's commands and its delivery rules, through the built program.
@Suite(.sharingTheMachine) struct EngineCLITests {
    @Test func muteAndUnmuteARule() async throws {
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let mute = try await ProcessRunner.notifier(["mute", "launch_country", "--for", "2h"], environment: sandbox.environment())
        #expect(mute.status == 0, "\(mute.stderr)")
        #expect(mute.stdout.hasPrefix("muted launch_country until "))
        let rules = try await ProcessRunner.notifier(["rules"], environment: sandbox.environment())
        #expect(rules.stdout.contains("launch_country") && rules.stdout.contains("[muted until"), "\(rules.stdout)")

        let unmute = try await ProcessRunner.notifier(["unmute", "launch_country"], environment: sandbox.environment())
        #expect(unmute.status == 0)
        let after = try await ProcessRunner.notifier(["rules"], environment: sandbox.environment())
        #expect(!after.stdout.contains("[muted"))

        // A feed's health is a rule too: muted by name, listed with its mute.
        let health = try await ProcessRunner.notifier(["mute", "feed_health"], environment: sandbox.environment())
        #expect(health.status == 0 && health.stdout == "muted feed_health until `notifier unmute feed_health`\n", "\(health.stderr)")
        let listed = try await ProcessRunner.notifier(["rules"], environment: sandbox.environment())
        #expect(listed.stdout.contains("feed_health  A feed's polls failing several times in a row, and their recovery  [muted]"), "\(listed.stdout)")
        let why = try await ProcessRunner.notifier(["why", "feed_health"], environment: sandbox.environment())
        #expect(why.status == 0, "\(why.stderr)")

        let unknown = try await ProcessRunner.notifier(["mute", "no_such_rule"], environment: sandbox.environment())
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown rule 'no_such_rule'; rules: launch_country, crypto_change"))
        let badDuration = try await ProcessRunner.notifier(["mute", "launch_country", "--for", "soon"], environment: sandbox.environment())
        #expect(badDuration.status == 2)
    }

    /// The launch country is no engine rule, yet `mute launch_country` (the command's own
    /// example) silences it, and `why` says so; unmuted it is back.
    @Test func aMutedLaunchCountryIsNotShown() async throws {
        let server = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let environment = sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address])
        _ = try await ProcessRunner.notifier(["mute", "launch_country", "--for", "2h"], environment: environment)
        let muted = try await ProcessRunner.notifier(["--once", "--seed", "42"], environment: environment)
        #expect(muted.status == 0, "\(muted.stderr)")
        #expect(WhyEndToEndTests.notifyCount(try await server.notifyCalls()) == 0, "nothing shown while muted")
        let dryRun = try await ProcessRunner.notifier(["--once", "--dry-run", "--seed", "42"], environment: environment)
        #expect(dryRun.stdout.contains("not shown, launch_country is muted until "), "\(dryRun.stdout)")
        let why = try await ProcessRunner.notifier(["why", "launch_country"], environment: environment)
        #expect(why.stdout.contains("not shown, launch_country is muted"), "\(why.stdout)")
        _ = try await ProcessRunner.notifier(["unmute", "launch_country"], environment: environment)
        let unmuted = try await ProcessRunner.notifier(["--once", "--seed", "42"], environment: environment)
        #expect(unmuted.status == 0, "\(unmuted.stderr)")
        #expect(WhyEndToEndTests.notifyCount(try await server.notifyCalls()) == 1, "shown again once unmuted")
    }

    @Test func aDryRunSaysWhatAndWhyAndChangesNothing() async throws {
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let result = try await ProcessRunner.notifier(["--once", "--dry-run", "--seed", "42"], environment: sandbox.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("would deliver launch_country "), "\(result.stdout)")
        #expect(result.stdout.contains("because a random country at launch (seed 42, 250 countries"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeFile.path), "a dry run writes nothing")
        let alone = try await ProcessRunner.notifier(["--dry-run"], environment: sandbox.environment())
        #expect(alone.status == 2)
    }

    @Test func quietHoursHoldNotificationsAndReleaseThemAfter() async throws {
        // Quiet hours around the current UTC hour, so the first pass is surely inside them.
        let hour = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).hour!
        let quiet = String(format: "%02d:00-%02d:00", (hour + 23) % 24, (hour + 2) % 24)
        let sandbox = try Sandbox(config: CLITests.noDelay + "[delivery]\nquiet_hours = \"\(quiet)\"\n")
        let environment = sandbox.environment(["TZ": "UTC"])
        let held = try await ProcessRunner.notifier(["--once", "--output", "json", "--seed", "1"], environment: environment)
        #expect(held.status == 0, "\(held.stderr)")
        #expect(held.stdout.isEmpty, "held, not shown: \(held.stdout)")
        let history = try await ProcessRunner.notifier(["history", "--json"], environment: environment)
        #expect(history.stdout.isEmpty)

        try (CLITests.noDelay + "[delivery]\nquiet_hours = \"\"\n").write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        let released = try await ProcessRunner.notifier(["--once", "--output", "json", "--seed", "2"], environment: environment)
        let lines = released.stdout.split(separator: "\n")
        #expect(lines.count == 2, "the held one and the new one: \(released.stdout)")
        let again = try await ProcessRunner.notifier(["--once", "--output", "json", "--seed", "3"], environment: environment)
        #expect(again.stdout.split(separator: "\n").count == 1, "nothing delivered twice")
        let all = try await ProcessRunner.notifier(["history", "--json", "--limit", "10"], environment: environment)
        #expect(all.stdout.split(separator: "\n").count == 3)
    }
}
