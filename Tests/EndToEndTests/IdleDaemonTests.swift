import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// The daemon between two due instants: it sleeps. Its threads' context switches over 20 s are
/// counted from /proc (each thread's voluntary and involuntary switches): a periodic timer
/// shorter than the next due instant (libdispatch's one-second monitor, a loop that looks every
/// 15 s) shows as tens of them. And what it was not told by its own clock wakes it: a reminder
/// another process stored.
@Suite(.sharingTheMachine) struct IdleDaemonTests {
    /// Every built-in feed off; one reminder a month ahead.
    static let remindersOnly = """
        [rules.launch_country]
        enabled = false
        [feeds.crypto]
        enabled = false
        [feeds.forecast]
        enabled = false
        [rules.holiday_upcoming]
        enabled = false
        [[reminders]]
        name = "far"
        text = "Renew the passport"
        at = "\(Self.monthAhead) 09:00"
        """

    /// The launch country too, from a fetched source's snapshot (the feed itself off): the store
    /// it reads must be the daemon's own, as opening and closing one starts libdispatch's pool.
    static let withLaunchCountry = remindersOnly.replacingOccurrences(
        of: "[rules.launch_country]\nenabled = false",
        with: "[rules.launch_country]\ndelay_seconds = 0\n[feeds.countries]\nenabled = false\nsource = \"restcountries-v3\"")

    static var monthAhead: String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(30 * 86400))
    }

    /// Every built-in feed on, as the default config has them, asked of `api` (crypto every hour,
    /// so that no poll falls due while the daemon is watched); the launch country at once.
    static func everyFeed(_ api: LoopbackServer) -> String {
        """
        [feeds.countries]
        source = "restcountries-v3"
        base_url = "\(api.baseURL)/v3.1"
        [feeds.crypto]
        base_url = "\(api.baseURL)/api"
        interval = "1h"
        [feeds.holidays]
        source = "remote"
        base_url = "\(api.baseURL)/holidays"
        api_key = "idle"
        [feeds.forecast]
        base_url = "\(api.baseURL)/v1"
        places = [{ name = "Tallinn", latitude = 59.437, longitude = 24.7535 }]
        [rules.launch_country]
        delay_seconds = 0
        """
    }

    /// The feeds' APIs on loopback, answering the captured samples (`scripts/bench-server`'s routes).
    static func serveEveryFeed() async throws -> LoopbackServer {
        let page = try Samples.data("coinlore_tickers_page1.json")
        let countries = try Samples.data("restcountries_v3.1_all_full.json")
        let holidays = try Samples.data("testntry_holidays_api_success_2019-02.json")
        let forecast = try Samples.data("openmeteo_forecast_hourly_daily_current_2025.json")
        return try await LoopbackServer.start([
            ("GET /api/tickers", { _ in LoopbackServer.json(page) }),
            (
                "GET /api/ticker",
                { request in
                    let wanted = Set((request.query["id"] ?? "").split(separator: ",").map(String.init))
                    let coins = (try JSONSerialization.jsonObject(with: page) as? [String: Any])?["data"] as? [[String: Any]] ?? []
                    return LoopbackServer.json(try JSONSerialization.data(withJSONObject: coins.filter { wanted.contains("\($0["id"] ?? "")") }))
                }
            ),
            ("GET /v3.1/all", { _ in LoopbackServer.json(countries) }),
            ("POST /holidays", { _ in LoopbackServer.json(holidays) }),
            ("GET /v1/forecast", { _ in LoopbackServer.json(forecast) }),
        ])
    }

    /// Each thread's context switches so far, by thread id.
    static func switches(of pid: Int32) -> [String: Int] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var result: [String: Int] = [:]
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else { continue }
            result[task] = status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
                .compactMap { Int($0.split(separator: "\t").last ?? "") }.reduce(0, +)
        }
        return result
    }

    @Test(arguments: [false, true]) func anIdleDaemonSleepsUntilSomethingIsDue(launchCountry: Bool) async throws {
        let sandbox = try Sandbox(config: launchCountry ? Self.withLaunchCountry : Self.remindersOnly)
        let daemon = try DaemonProcess(["--output", "json", "--verbose"], environment: sandbox.environment())
        #expect(await daemon.waitUntil { $0.stderr.contains("reminders: next due") }, "\(daemon.stderr)")
        if launchCountry { #expect(await daemon.waitUntil { $0.stdout.contains("launch_country") }, "\(daemon.stderr)") }
        // Settled: what starting up set going has ended.
        try await Task.sleep(for: .seconds(2))
        try await Self.expectAsleep(daemon)
        #expect(await daemon.stop() == 0)
    }

    /// Its threads' context switches over 20 s: nothing is due in the window, so the limit is
    /// none; a stray one or two are tolerated.
    static func expectAsleep(_ daemon: DaemonProcess, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let pid = daemon.process.processIdentifier
        let before = switches(of: pid)
        try await Task.sleep(for: .seconds(20))
        let after = switches(of: pid)
        let woken = after.map { thread, count in (thread, count - (before[thread] ?? 0)) }.filter { $0.1 > 0 }
        let total = woken.map(\.1).reduce(0, +)
        #expect(total <= 3, "\(total) context switches in 20 s idle, by thread: \(woken.sorted { $0.0 < $1.0 })", sourceLocation: sourceLocation)
    }

    /// The default config's feeds, and the desktop's notification server: start-up polls every
    /// feed at once, their store reads and writes meet, and the bubbles go over D-Bus. Then,
    /// with no poll due for half an hour, it sleeps (a store read that waited for another on
    /// GRDB's dispatch queues started libdispatch's one-second monitor: 20 in 20 s).
    @Test func withEveryFeedOnItSleepsBetweenPolls() async throws {
        let api = try await Self.serveEveryFeed()
        let bus = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: Self.everyFeed(api), holidays: true)
        // It holds the holiday API's (dummy) key: notifier warns of a config others can read.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: sandbox.configFile.path)
        let daemon = try DaemonProcess(["--verbose"], environment: sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": bus.address]))
        let feeds = ["/api/tickers", "/v3.1/all", "/holidays", "/v1/forecast"]
        // Started: every feed asked and the launch country shown; then settled, no request for 3 s.
        let started = await daemon.waitUntil(timeout: .seconds(60)) { (daemon: DaemonProcess) async -> Bool in
            let asked = await api.requests().keys
            return feeds.allSatisfy { path in asked.contains { $0.hasPrefix(path) } } && daemon.stderr.contains("delivered launch_country")
        }
        let asked = await api.requests()
        #expect(started, "asked: \(asked); the daemon: \(daemon.stderr)")
        var before = await api.requests()
        for _ in 0..<20 {
            try await Task.sleep(for: .seconds(3))
            let now = await api.requests()
            if now == before { break }
            before = now
        }
        try await Self.expectAsleep(daemon)
        let after = await api.requests()
        #expect(after == before, "a feed polled in the window (intervals are half an hour and more): \(before) → \(after)")
        #expect(await daemon.stop() == 0)
        await api.stop()
    }

    /// The daemon restarts itself once with glibc's per-thread malloc caches off (their freed
    /// blocks stay resident all the while it sleeps): the same process, and the commands it runs
    /// see the environment it was given, a person's own tunables included.
    @Test func itRunsWithoutMallocThreadCachesAndItsCommandsSeeTheEnvironmentItWasGiven() async throws {
        let sandbox = try Sandbox()
        let seen = sandbox.root.appendingPathComponent("command-environment")
        try WatchEndToEndTests.config(
            """
            [[watches]]
            name = "environment"
            command = ["sh", "-c", "env > '\(seen.path).part' && mv '\(seen.path).part' '\(seen.path)'; echo 1"]
            select = "."
            above = 5
            """
        ).write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        let given = "glibc.malloc.perturb=0"
        let daemon = try DaemonProcess(["--verbose"], environment: sandbox.environment(["GLIBC_TUNABLES": given]))
        #expect(await daemon.waitUntil { _ in FileManager.default.fileExists(atPath: seen.path) }, "\(daemon.stderr)")
        let own = try String(contentsOfFile: "/proc/\(daemon.process.processIdentifier)/environ", encoding: .utf8)
        // The environment the restart began with (the loader splits the tunables where it reads them).
        #expect(own.contains("GLIBC_TUNABLES=\(given)") && own.contains("glibc.malloc.tcache_count=0"), "\(own)")
        let children = try String(contentsOf: seen, encoding: .utf8).split(separator: "\n")
        #expect(children.filter { $0.contains("TUNABLES") } == ["GLIBC_TUNABLES=\(given)"], "\(children)")
        #expect(await daemon.stop() == 0)
    }

    @Test func aReminderStoredBesideTheSleepingDaemonIsShownWhenDue() async throws {
        let sandbox = try Sandbox(config: Self.remindersOnly)
        let daemon = try DaemonProcess(["--output", "json", "--verbose"], environment: sandbox.environment())
        #expect(await daemon.waitUntil { $0.stderr.contains("reminders: next due") }, "\(daemon.stderr)")
        // Due at the next whole minute (one-offs are kept to the minute), within 60 s.
        let stored = try await ProcessRunner.notifier(["remind", "Take the tea off", "--in", "1s", "--yes"], environment: sandbox.environment())
        #expect(stored.status == 0, "\(stored.stderr)")
        // Asleep until next month, it is told of the new one-off and shows it on time.
        let shown = await daemon.waitUntil(timeout: .seconds(75)) { $0.stdout.contains("Take the tea off") }
        #expect(shown, "remind said: \(stored.stdout)\(stored.stderr); the daemon: \(daemon.stderr)\(daemon.stdout)")
        #expect(await daemon.stop() == 0)
    }
}
