import EndToEndSupport
import FlyingFox
import Foundation
import NotifierEngine
import NotifierSystem
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

@Suite(.serialized, .sharingTheMachine) struct HolidayTests {
    actor Calls {
        var ranges: [String] = []
        func add(_ range: String) { ranges.append(range) }
    }

    /// A loopback holiday API with one public holiday, "Testipäev", on `day`; a bad key is refused.
    static func server(day: CivilDate, calls: Calls) async throws -> LoopbackServer {
        try await LoopbackServer.start([
            (
                "POST /holidays",
                { request in
                    let query = try JSONSerialization.jsonObject(with: await request.bodyData) as? [String: String] ?? [:]
                    await calls.add("\(query["startDate"] ?? "")…\(query["endDate"] ?? "")")
                    guard query["apiKey"] == "good" else { return LoopbackServer.json(Data(#"{"error":true,"reason":"invalid-api-key"}"#.utf8)) }
                    let start = query["startDate"].flatMap(CivilDate.init(string:))
                    let end = query["endDate"].flatMap(CivilDate.init(string:))
                    let inRange = start.map { $0 <= day } == true && end.map { day <= $0 } == true
                    let days = inRange ? #"{"\#(day)":[{"name":"Testipäev","type":"public"}]}"# : "{}"
                    return LoopbackServer.json(Data(#"{"error":false,"holidays":\#(days)}"#.utf8))
                }
            )
        ])
    }

    /// The remote source at `server` with `key`, and no other feed that fetches.
    static func remote(_ server: LoopbackServer, key: String) -> String {
        """
        [feeds.holidays]
        source = "remote"
        base_url = "\(server.baseURL)/holidays"
        api_key = "\(key)"
        [feeds.crypto]
        enabled = false
        [rules.launch_country]
        enabled = false

        """
    }

    @Test func ninetyDaysAreThreeCallsColdAndNoneWarm() async throws {
        let calls = Calls()
        let today = CivilDate(Date(), in: UpcomingHolidayRule.tallinn)
        let server = try await Self.server(day: today.adding(days: 40), calls: calls)
        let sandbox = try Sandbox()
        var config = Config()
        config.holidays.source = .remote
        config.holidays.baseURL = server.baseURL + "/holidays"
        config.holidays.apiKey = "good"
        let source = HolidaySource(config: config, store: try Store(path: sandbox.storeFile.path), http: NotifierSystem.HTTPClient())
        let cold = try await source.holidays(from: today, through: today.adding(days: 89), now: Date()).get()
        #expect(cold.map(\.name) == ["Testipäev"])
        #expect(await calls.ranges.count == 3)
        let warm = try await source.holidays(from: today.adding(days: 10), through: today.adding(days: 80), now: Date()).get()
        #expect(warm.map(\.name) == ["Testipäev"])
        #expect(await calls.ranges.count == 3, "navigating inside a cached range costs nothing")
        _ = try await source.holidays(from: today.adding(days: 85), through: today.adding(days: 95), now: Date()).get()
        #expect(await calls.ranges.last == "\(today.adding(days: 90))…\(today.adding(days: 95))", "only the days not cached")
        await server.stop()
    }

    @Test func aReminderOnceThenNeverAgainAndTheViews() async throws {
        let calls = Calls()
        let today = CivilDate(Date(), in: UpcomingHolidayRule.tallinn)
        let day = today.adding(days: 7)
        let server = try await Self.server(day: day, calls: calls)
        let config =
            Self.remote(server, key: "good") + """
                [rules.holiday_upcoming]
                lead_days = [7]
                time = "00:00"
                """
        let sandbox = try Sandbox(config: config, holidays: true)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn"])
        let first = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let alert = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: String])
        #expect(alert["title"] == "Public holiday in 7 days: Testipäev")
        #expect(alert["deep_link"] == "notifier open holiday \(day)")
        let again = try await ProcessRunner.notifier(["--once", "--output", "json"], environment: environment)
        #expect(again.stdout.isEmpty, "no second reminder: \(again.stdout)")
        #expect(await calls.ranges.count == 1, "the second pass is served from the cache")

        let view = try await ProcessRunner.notifier(["open", "holiday", day.description], environment: environment)
        #expect(view.status == 0)
        #expect(view.stdout.contains("in 7 days") && view.stdout.contains("● Testipäev (public holiday)"), "\(view.stdout)")
        let week = try await ProcessRunner.notifier(["open", "week", "--first-day", "sunday"], environment: environment)
        #expect(week.stdout.contains("← today"), "\(week.stdout)")
        #expect(week.stdout.split(separator: "\n").count == 9, "title, seven days, legend: \(week.stdout)")

        // A week the rounds never cached: the first look has the feed's round fetch and keep it
        // (no daemon runs: this process, as the round would); the second reads what was kept.
        let farWeek = day.adding(days: 200).description
        let before = await calls.ranges.count
        var shown: [String] = []
        for _ in 0..<2 {
            let far = try await ProcessRunner.notifier(["open", "week", farWeek], environment: environment)
            #expect(far.status == 0, "\(far.stderr)")
            shown.append(far.stdout)
        }
        let asked = await calls.ranges
        #expect(asked.count == before + 1, "the week is asked for once and kept: \(asked)")
        #expect(shown[0] == shown[1] && shown[0].split(separator: "\n").count == 9, "\(shown)")

        try (config.replacingOccurrences(of: "api_key = \"good\"", with: "api_key = \"bad\"")).write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        let badKey = try await ProcessRunner.notifier(["open", "holiday", day.adding(days: 100).description], environment: environment)
        #expect(badKey.status == 1)
        #expect(badKey.stderr.contains("fix feeds.holidays.api_key or NOTIFIER_HOLIDAYS_KEY"), "\(badKey.stderr)")
        await server.stop()
    }

    /// With a daemon running, a view's week is fetched and kept by the daemon's round, asked
    /// over its bus: the view's own config has a key the API refuses, so only the daemon's
    /// round can have fetched it. The second look asks nothing.
    @Test func theRunningDaemonsRoundFetchesAndKeepsAViewsWeek() async throws {
        let calls = Calls()
        let farDay = CivilDate(Date(), in: UpcomingHolidayRule.tallinn).adding(days: 300)
        let server = try await Self.server(day: farDay, calls: calls)
        let bus = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: Self.remote(server, key: "good"))
        let refused = sandbox.configFile.deletingLastPathComponent().appendingPathComponent("view.toml")
        try (Self.remote(server, key: "bad") + Sandbox.noHolidays).write(to: refused, atomically: true, encoding: .utf8)
        let environment = sandbox.environment(["TZ": "Europe/Tallinn", "DBUS_SESSION_BUS_ADDRESS": bus.address])
        let daemon = try DaemonProcess([], environment: environment)
        #expect(await daemon.waitUntil { _ in await bus.daemonAnswers() }, "\(daemon.stderr)")
        for look in 1...2 {
            let week = try await ProcessRunner.notifier(["open", "week", farDay.description, "--config", refused.path], environment: environment)
            #expect(week.status == 0 && week.stdout.contains("● Testipäev (public holiday)"), "look \(look): \(week.stdout)\(week.stderr)")
        }
        let asked = await calls.ranges
        #expect(asked.count == 1 && !asked.isEmpty, "the daemon's round fetched the week once and kept it: \(asked)")
        #expect(await daemon.stop() == 0)
        await server.stop()
    }

    @Test func anEmbeddedWeekNeedsNoNetwork() async throws {
        let result = try await ProcessRunner.notifier(["open", "week", "2026-12-21"], environment: Sandbox().environment())
        #expect(result.status == 0)
        #expect(result.stdout.contains("2026-12-24  Thursday   ● Jõululaupäev (public holiday); ○ Jõulud (folk day)"), "\(result.stdout)")
        let bad = try await ProcessRunner.notifier(["open", "holiday", "2026-13-01"], environment: Sandbox().environment())
        #expect(bad.status == 2 && bad.stderr.contains("not a date: '2026-13-01'"))
    }
}

/// The calendar's range and the years whose public holidays are known, as a user meets them.
@Suite(.sharingTheMachine) struct HolidayRangeTests {
    @Test func aDateBeforeTheRangeGetsItsOwnMessage() async throws {
        let sandbox = try Sandbox()
        let before = try await ProcessRunner.notifier(["open", "holiday", "1899-12-31"], environment: sandbox.environment())
        #expect(before.status == 2 && before.stderr.contains("1899 is before the calendar's range, 1900–2200"), "\(before.stderr)")
        let after = try await ProcessRunner.notifier(["open", "holiday", "2201-01-01"], environment: sandbox.environment())
        #expect(after.status == 2 && after.stderr.contains("2201 is after the calendar's range, 1900–2200"), "\(after.stderr)")
        let navigated = try await ProcessRunner.notifier(["open", "week", "1900-01-03", "--prev", "1"], environment: sandbox.environment())
        #expect(navigated.status == 2 && navigated.stderr.contains("1899 is before the calendar's range"), "\(navigated.stderr)")
    }

    @Test func aSovietYearShowsFolkDaysAndSaysPublicHolidaysAreNotKnown() async throws {
        let sandbox = try Sandbox()
        let result = try await ProcessRunner.notifier(["open", "holiday", "1975-02-24"], environment: sandbox.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("public holidays are not known for 1975"))
        #expect(!result.stdout.contains("Iseseisvuspäev"))
        let week = try await ProcessRunner.notifier(["open", "week", "1975-06-23"], environment: sandbox.environment())
        #expect(week.stdout.contains("public holidays are not known for 1975") && !week.stdout.contains("Võidupüha"), "\(week.stdout)")
    }
}

/// Links outside the calendar's range say so, as `open holiday` does (exit 2).
@Suite(.sharingTheMachine) struct HolidayLinkRangeTests {
    @Test func linksOutsideTheRangeGetTheRangeMessage() async throws {
        let sandbox = try Sandbox()
        for (url, year, side) in [("notifier://holiday/1899-12-31", 1899, "before"), ("notifier://week/2201-01-05", 2201, "after")] {
            let result = try await ProcessRunner.notifier(["open-url", url], environment: sandbox.environment())
            #expect(result.status == 2 && result.stderr.contains("\(year) is \(side) the calendar's range, 1900–2200"), "\(result.stderr)")
        }
        let bad = try await ProcessRunner.notifier(["open-url", "notifier://holiday/1899-13-31"], environment: sandbox.environment())
        #expect(bad.status == 2 && !bad.stderr.contains("range"), "not a date stays not a date: \(bad.stderr)")
    }
}
