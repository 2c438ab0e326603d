import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Recorded scenarios: `notifier test DIR [--expect FILE]` through the built program.
@Suite(.sharingTheMachine) struct ScenarioTests {
    static let scenario = Samples.packageRoot.appendingPathComponent("Tests/Scenarios/default")
    static let golden = scenario.appendingPathComponent("expected.txt")

    @Test func theShippedScenarioMatchesItsGoldenFile() async throws {
        let sandbox = try Sandbox()
        let result = try await ProcessRunner.notifier(["test", Self.scenario.path, "--expect", Self.golden.path], environment: sandbox.environment())
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "11 recordings: as expected (\(Self.golden.path))\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeFile.path), "a private state: no store written")

        let printed = try await ProcessRunner.notifier(["test", Self.scenario.path], environment: sandbox.environment())
        #expect(printed.stdout.contains("  crypto_change BTC:down  09:40 −5.6 %: not notified, cooling down until 10:20 after the 09:10 notification\n"))
        #expect(printed.stdout.contains("not notified, not re-armed"))
        // The feed failing is one decision: one line per rule, not one per subject.
        #expect(
            printed.stdout.contains(
                """
                0006-2026-12-23T10:00.coinlore.json
                  crypto_change (every subject)  10:00: not evaluated, the feed failed, state kept as of 09:50 (each of its 40 subjects)
                  crypto_move (every subject)  10:00: not evaluated, the feed failed, state kept as of 09:50 (each of its 40 subjects)
                0007-2026-12-23T10:10.coinlore.json

                """), "\(printed.stdout)")
    }

    /// A deeper move in a replay updates the bubble the replay's desktop keeps on screen, as a
    /// live run does; in quiet hours the update is dropped, in the same words as `why`.
    @Test func aDeeperMoveIsReplayedAsAnUpdateOrDroppedInQuietHours() async throws {
        let sandbox = try Sandbox()
        let directory = sandbox.root.appendingPathComponent("scenario")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (index, (time, change)) in [("09:00", "-1"), ("09:10", "-5.5"), ("09:20", "-8.2"), ("09:30", "-8.4")].enumerated() {
            try CryptoEndToEndTests.page(changes: ["BTC": change])
                .write(to: directory.appendingPathComponent("000\(index + 1)-2026-12-23T\(time).coinlore.json"))
        }
        let replay = try await ProcessRunner.notifier(["test", directory.path], environment: sandbox.environment())
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("  crypto_change BTC:down  09:20 −8.2 %: updated the bubble shown at 09:10 (was −5.5 %)\n"), "\(replay.stdout)")
        #expect(!replay.stdout.contains("09:30 −8.4 %"), "no step deeper: \(replay.stdout)")

        try Data("[delivery]\nquiet_hours = \"09:15-10:00\"\n".utf8).write(to: directory.appendingPathComponent("config.toml"))
        let quiet = try await ProcessRunner.notifier(["test", directory.path], environment: sandbox.environment())
        #expect(
            quiet.stdout.contains("  crypto_change BTC:down  09:20 −8.2 %: not updated: quiet hours drop updates rather than hold them\n"), "\(quiet.stdout)")
    }

    @Test func aChangedGoldenFileFailsWithTheDifference() async throws {
        let sandbox = try Sandbox()
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        let changed = sandbox.root.appendingPathComponent("changed.txt")
        try expected.replacingOccurrences(of: "cooling down until 10:20", with: "cooling down until 10:25").write(
            to: changed, atomically: true, encoding: .utf8)
        let result = try await ProcessRunner.notifier(["test", Self.scenario.path, "--expect", changed.path], environment: sandbox.environment())
        #expect(result.status == 1)
        #expect(result.stderr.contains("the decisions differ from \(changed.path)"), "\(result.stderr)")
        #expect(
            result.stdout == """
                -   crypto_change BTC:down  09:40 −5.6 %: not notified, cooling down until 10:25 after the 09:10 notification
                +   crypto_change BTC:down  09:40 −5.6 %: not notified, cooling down until 10:20 after the 09:10 notification

                """, "\(result.stdout)")
    }

    @Test func aMisnamedRecordingIsAClearError() async throws {
        let sandbox = try Sandbox()
        let directory = sandbox.root.appendingPathComponent("scenario")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: directory.appendingPathComponent("btc-monday.json"))
        let result = try await ProcessRunner.notifier(["test", directory.path], environment: sandbox.environment())
        #expect(result.status == 2)
        #expect(result.stderr.contains("btc-monday.json: a recording is named NNNN-YYYY-MM-DDTHH:MM.<feed>.json"), "\(result.stderr)")
        try FileManager.default.removeItem(at: directory.appendingPathComponent("btc-monday.json"))
        try Data("{}".utf8).write(to: directory.appendingPathComponent("0001-2026-12-23T09:00.weather.json"))
        let unknown = try await ProcessRunner.notifier(["test", directory.path], environment: sandbox.environment())
        #expect(unknown.stderr.contains("no feed records 'weather'; recordings: coinlore"), "\(unknown.stderr)")
    }

    static func shipped(_ name: String) -> URL { Samples.packageRoot.appendingPathComponent("Tests/Scenarios/\(name)") }

    @Test(arguments: [("holidays", 9), ("forecast", 7)])
    func eachFeedsShippedScenarioMatchesItsGoldenFile(name: String, recordings: Int) async throws {
        let sandbox = try Sandbox()
        let golden = Self.shipped(name).appendingPathComponent("expected.txt")
        let result = try await ProcessRunner.notifier(["test", Self.shipped(name).path, "--expect", golden.path], environment: sandbox.environment())
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "\(recordings) recordings: as expected (\(golden.path))\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeFile.path), "a private state: no store written")

        // A changed golden file: exit 1, and the line that differs.
        let expected = try String(contentsOf: golden, encoding: .utf8)
        let line = try #require(expected.split(separator: "\n").first { $0.contains(": notified: ") })
        let changed = sandbox.root.appendingPathComponent("changed.txt")
        try expected.replacingOccurrences(of: line, with: line + " (changed)").write(to: changed, atomically: true, encoding: .utf8)
        let differing = try await ProcessRunner.notifier(["test", Self.shipped(name).path, "--expect", changed.path], environment: sandbox.environment())
        #expect(differing.status == 1)
        #expect(differing.stdout == "- \(line) (changed)\n+ \(line)\n", "\(differing.stdout)")
    }

    @Test func theHolidayScenarioCountsDaysInItsTimeZoneAndHoldsForQuietHours() async throws {
        let printed = try await ProcessRunner.notifier(["test", Self.shipped("holidays").path], environment: try Sandbox().environment())
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(
            printed.stdout.contains(
                """
                0002-2019-02-15T09:00.holidays.json
                  holiday_upcoming 2019-02-22@7/folk/Talvine peetripäev  09:00 2019-02-22 in 7 days: notified: Talvine peetripäev on 2019-02-22 is 7 days ahead; reminders at 7, 1 and 0 days, 09:00
                """), "\(printed.stdout)")
        #expect(printed.stdout.contains("  holiday_upcoming 2019-02-24@1  23:00: held for quiet hours; delivered in a summary when they end\n"))
        // The failing source (0005) decides nothing, and the reminder due meanwhile still comes.
        #expect(
            printed.stdout.contains(
                "0005-2019-02-21T08:55.holidays.json\n0006-2019-02-21T09:05.holidays.json\n  holiday_upcoming 2019-02-22@1/folk/Talvine peetripäev  09:05"))
    }

    @Test func theForecastScenarioFiresEveryForecastRuleAndNotesTheFeedFailingOnce() async throws {
        let printed = try await ProcessRunner.notifier(["test", Self.shipped("forecast").path], environment: try Sandbox().environment())
        #expect(printed.status == 0, "\(printed.stderr)")
        for rule in ["forecast_temperature", "forecast_precipitation", "forecast_severe", "forecast_wind"] {
            #expect(printed.stdout.contains("  \(rule) Tallinn/"), "\(rule)")
            let fired = printed.stdout.split(separator: "\n").filter { $0.hasPrefix("  \(rule) ") && $0.contains("  09:30 ") && $0.contains(": notified: ") }
            #expect(fired.count == 1, "\(rule) fires once, at 09:30")
        }
        #expect(printed.stdout.contains("  forecast_wind Tallinn/2025-10-30/gusts  10:30 66 km/h: not notified, not re-armed"))
        let unknown = printed.stdout.split(separator: "\n").filter { $0.contains("not evaluated, the feed failed") }
        #expect(unknown.count == 4 && unknown.allSatisfy { $0.contains(" (every subject)  11:00: ") }, "noted once per rule, at the first failure")
    }

    /// The names' times are local times of `scenario.toml`'s zone: 08:00 in Tokyo is still
    /// 25 October where the forecast is (GMT), so that day is evaluated; 08:00 UTC is not.
    @Test func aScenarioTimeZoneSetsTheClockOfTheNames() async throws {
        let sandbox = try Sandbox()
        let directory = sandbox.root.appendingPathComponent("scenario")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let recording = Self.shipped("forecast").appendingPathComponent("0001-2025-10-25T09:00.open-meteo.json")
        try FileManager.default.copyItem(at: recording, to: directory.appendingPathComponent("0001-2025-10-26T08:00.open-meteo.json"))
        let utc = try await ProcessRunner.notifier(["test", directory.path], environment: sandbox.environment())
        #expect(utc.status == 0 && !utc.stdout.contains("/2025-10-25/") && utc.stdout.contains("/2025-10-26/wet  08:00"), "\(utc.stdout)")
        try Data("time_zone = \"Asia/Tokyo\"\n".utf8).write(to: directory.appendingPathComponent("scenario.toml"))
        let tokyo = try await ProcessRunner.notifier(["test", directory.path], environment: sandbox.environment())
        #expect(tokyo.status == 0 && tokyo.stdout.contains("  forecast_precipitation Tallinn/2025-10-25/wet  08:00 93 %"), "\(tokyo.stdout)")

        // 03:30 on 31 March 2019 never happened in Tallinn: the clocks went from 03:00 to 04:00.
        try Data("time_zone = \"Europe/Tallinn\"\n".utf8).write(to: directory.appendingPathComponent("scenario.toml"))
        try FileManager.default.copyItem(at: recording, to: directory.appendingPathComponent("0002-2019-03-31T03:30.open-meteo.json"))
        let skipped = try await ProcessRunner.notifier(["test", directory.path], environment: sandbox.environment())
        #expect(skipped.status == 2)
        #expect(skipped.stderr.contains("0002-2019-03-31T03:30.open-meteo.json: names a time that does not exist in Europe/Tallinn"), "\(skipped.stderr)")
        try FileManager.default.removeItem(at: directory.appendingPathComponent("0002-2019-03-31T03:30.open-meteo.json"))

        try Data("# the clock\ntime_zone = \"Mars/Olympus\"\n".utf8).write(to: directory.appendingPathComponent("scenario.toml"))
        let bad = try await ProcessRunner.notifier(["test", directory.path], environment: sandbox.environment())
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("scenario.toml:2: time_zone must be a time zone name"), "\(bad.stderr)")
        try Data("zone = 1\n".utf8).write(to: directory.appendingPathComponent("scenario.toml"))
        let unknownKey = try await ProcessRunner.notifier(["test", directory.path], environment: sandbox.environment())
        #expect(unknownKey.status == 2 && unknownKey.stderr.contains("scenario.toml:1: unknown key 'zone'; known keys here: time_zone"), "\(unknownKey.stderr)")
    }

    @Test func anUnknownFeedNamesTheFileAndTheKnownFeeds() async throws {
        let sandbox = try Sandbox()
        let directory = sandbox.root.appendingPathComponent("scenario")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: directory.appendingPathComponent("0001-2026-12-23T09:00.open-meteo.json"))
        try Data("{}".utf8).write(to: directory.appendingPathComponent("0002-2026-12-23T09:30.weather-api.json"))
        let result = try await ProcessRunner.notifier(["test", directory.path], environment: sandbox.environment())
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "\(directory.path)/0002-2026-12-23T09:30.weather-api.json: no feed records 'weather-api'; recordings: coinlore, holidays, open-meteo, openweathermap"
            ), "\(result.stderr)")
    }

    /// Garbage of every kind, for every feed: the feed failing, never a crash.
    @Test func anyBytesForAnyFeedAreTheFeedFailingNotACrash() async throws {
        let sandbox = try Sandbox()
        let directory = sandbox.root.appendingPathComponent("scenario")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let bodies = [
            Data(), Data("null".utf8), Data("{\"error\":true}".utf8), Data("[1,2".utf8), Data([0xFF, 0x00, 0xFE]),
            Data("{\"holidays\":{\"2019-13-45\":[{\"name\":\"x\",\"type\":\"public\"}]},\"error\":false}".utf8),
        ]
        var number = 0
        for suffix in ["coinlore", "holidays", "open-meteo", "openweathermap"] {
            for body in bodies {
                number += 1
                try body.write(to: directory.appendingPathComponent(String(format: "%04d-2026-12-23T09:%02d", number, number) + ".\(suffix).json"))
            }
        }
        let result = try await ProcessRunner.notifier(["test", directory.path], environment: sandbox.environment())
        #expect(result.status == 0, "\(result.stderr)")
        // Only the recordings' names: nothing decided from garbage, but that the feeds with five
        // of it in a row are failing.
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { !$0.hasPrefix("  feed_health ") }.count == number, "\(result.stdout)")
        #expect(lines.filter { $0.hasPrefix("  feed_health ") }.map { $0.split(separator: " ")[1] } == ["crypto", "forecast"], "\(result.stdout)")
    }

    /// As a person runs it in a terminal: the same plain lines as through a pipe, feed text (the
    /// holidays' names) as it is, no escape sequences among the decisions.
    @Test func inATerminalTheDifferenceIsPlainLines() async throws {
        let sandbox = try Sandbox()
        let golden = Self.shipped("holidays").appendingPathComponent("expected.txt")
        let changed = sandbox.root.appendingPathComponent("changed.txt")
        try String(contentsOf: golden, encoding: .utf8).replacingOccurrences(of: "in 7 days: notified", with: "in 7 days: NOTIFIED")
            .write(to: changed, atomically: true, encoding: .utf8)
        let session = try await TmuxSession(
            InteractiveCountryTests.command(["test", Self.shipped("holidays").path, "--expect", changed.path]),
            environment: sandbox.environment(["TERM": "xterm-256color"]), width: 240, height: 20)
        #expect(await session.waitFor("exited with 1"), "\(session.lastSeen)")
        let screen = try await session.screen(escapes: true)
        let decisions = screen.split(separator: "\n").filter { $0.contains("holiday_upcoming") }
        #expect(decisions.count == 6, "\(screen)")
        #expect(decisions.allSatisfy { !$0.contains("\u{1B}") }, "\(screen.debugDescription)")
        #expect(
            screen.contains("+   holiday_upcoming 2019-02-22@7/folk/Talvine peetripäev  09:00 2019-02-22 in 7 days: notified: Talvine peetripäev"), "\(screen)")
    }

    /// OpenWeatherMap's answers replay too: the captured one, then one with a day 6 °C warmer.
    @Test func anOpenWeatherMapRecordingIsTheForecastFeed() async throws {
        let sandbox = try Sandbox()
        let directory = sandbox.root.appendingPathComponent("scenario")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let captured = try Samples.data("openweathermap_forecast_5day3h_berlin_2020.json")
        try captured.write(to: directory.appendingPathComponent("0001-2020-04-06T09:00.openweathermap.json"))
        var answer = try #require(try JSONSerialization.jsonObject(with: captured) as? [String: Any])
        answer["list"] = try #require(answer["list"] as? [[String: Any]]).map { slot in
            guard (slot["dt_txt"] as? String)?.hasPrefix("2020-04-08") == true, var main = slot["main"] as? [String: Any] else { return slot }
            for field in ["temp", "temp_min", "temp_max"] { main[field] = (main[field] as? Double).map { $0 + 6 } ?? main[field] }
            var warmer = slot
            warmer["main"] = main
            return warmer
        }
        try JSONSerialization.data(withJSONObject: answer).write(to: directory.appendingPathComponent("0002-2020-04-06T09:30.openweathermap.json"))
        let result = try await ProcessRunner.notifier(["test", directory.path], environment: sandbox.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("  forecast_temperature Tallinn/2020-04-08/max  09:30 25 °C: notified: the high moved 6 °C since last notified"),
            "\(result.stdout)")
    }
}
