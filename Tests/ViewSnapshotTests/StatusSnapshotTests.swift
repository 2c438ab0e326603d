import Foundation
import ProgramTestSupport
import SnapshotTesting
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// The home screen, the history and a feed's status at 80 × 24, as plain text, times in UTC.
@Suite struct StatusSnapshotTests {
    static let now = Date(timeIntervalSince1970: 1_798_000_000) // 2026-12-23 04:26:40 UTC
    static let utc = TimeZone(identifier: "UTC")!

    func text(_ model: some ScreenModel, height: Int = 24) -> String {
        var layout = ScreenLayout(width: 80, height: height)
        return layout.plainText(for: model.frame(width: 80, height: height, now: Self.now))
    }

    static let deliveries = [
        Delivery(
            deliveredAt: now.addingTimeInterval(-180), rule: "crypto_change", key: "BTC", title: "BTC +6.2 % in 24 h",
            body: "Bitcoin: $99,000.50", urgency: "normal", deepLink: "notifier open crypto BTC", sink: "desktop",
            reason: "BTC 24h change +6.2 % reached +5 %", subject: "BTC:up"),
        Delivery(
            deliveredAt: now.addingTimeInterval(-3 * 3600), rule: "feed_health", key: "crypto", title: "crypto feed is failing",
            body: "3 polls in a row failed; the last: HTTP 500", urgency: "normal", deepLink: "notifier open feed crypto", sink: "desktop",
            reason: "3 failed polls in a row"),
        Delivery(
            deliveredAt: now.addingTimeInterval(-26 * 3600), rule: "holiday_upcoming", key: "2026-12-24,2026-12-25",
            title: "2 holidays ahead: Christmas Eve (tomorrow), Christmas Day (in 2 days)",
            body: "Public holiday tomorrow: Christmas Eve\nPublic holiday in 2 days: Christmas Day",
            urgency: "normal", deepLink: "notifier open week 2026-12-24", sink: "desktop"),
    ]

    static var failingFeed: FeedReport {
        var health = FeedHealth(degradedAfter: 2)
        _ = health.recordSuccess(now: now.addingTimeInterval(-900))
        _ = health.recordFailure(now: now.addingTimeInterval(-600))
        _ = health.recordFailure(now: now.addingTimeInterval(-420))
        let error =
            "HTTP 500 Internal Server Error from http://127.0.0.1:41234/api/tickers/?start=0&limit=100: the server said: upstream timed out after 30 seconds"
        return FeedReport(
            name: "crypto", health: health, lastError: error,
            polls: [
                FeedPoll(at: now.addingTimeInterval(-420), error: "HTTP 500 Internal Server Error"),
                FeedPoll(at: now.addingTimeInterval(-600), error: "timed out after 10 s"),
                FeedPoll(at: now.addingTimeInterval(-900), error: nil),
            ],
            interval: .seconds(30))
    }

    @Test func history() {
        var model = HistoryModel(deliveries: Self.deliveries, timeZone: Self.utc)
        _ = model.handle(.key(.down))
        assertSnapshot(of: text(model), as: .lines)
    }

    /// The search's answers as the screen's shell hands them back (the store's search has its
    /// own tests: `HistorySearchTests`).
    @Test func historyFiltered() async {
        let deliveries = Self.deliveries
        var model = HistoryModel(deliveries: deliveries, timeZone: Self.utc) { text in deliveries.filter { $0.key.lowercased().hasPrefix(text) } }
        for key: Key in [.character("/"), .character("b"), .character("t"), .character("c"), .enter] {
            for case .start(let task) in model.handle(.key(key)) { _ = model.handle(.finished(name: task.name, result: await task.work())) }
        }
        #expect(model.shown.map(\.key) == ["BTC"])
        assertSnapshot(of: text(model), as: .lines)
    }

    @Test func feedStatus() {
        assertSnapshot(of: text(FeedStatusModel(report: Self.failingFeed, timeZone: Self.utc, reload: { Self.failingFeed })), as: .lines)
    }

    static var report: StatusReport {
        let failing = failingFeed
        let today = UpcomingHolidayRule.today(now)
        return StatusReport(
            rows: [
                StatusRow(
                    kind: "feed", name: "crypto", state: failing.state.rawValue, lastPoll: failing.lastPoll,
                    nextPoll: failing.nextPoll(now: now)?.earliest, health: failing.healthLine, link: "notifier://feed/crypto"),
                StatusRow(
                    kind: "feed", name: "forecast", state: "ok", lastPoll: now.addingTimeInterval(-300),
                    nextPoll: now.addingTimeInterval(1500), health: "ok", link: "notifier://feed/forecast"),
            ],
            rules: [
                .init(rule: "crypto_change", summary: "A coin's 24 h change crosses a threshold", mutedUntil: nil),
                .init(rule: "launch_country", summary: "A random country at start", mutedUntil: .distantFuture),
            ],
            snoozes: [.init(rule: "crypto_change", subject: "BTC:up", until: now.addingTimeInterval(7200))],
            feedSections: [HolidaysFeedKind.nextHolidays(Array(EstonianCalendar.holidays(from: today, through: today.adding(days: 60)).prefix(3)))],
            notifications: deliveries,
            daemon: DaemonState(running: true, pid: "4242", since: now.addingTimeInterval(-5 * 3600)),
            upcoming: [
                UpcomingRow(
                    kind: "reminder", name: "standup", text: "Stand-up in room 4", at: now.addingTimeInterval(5 * 3600),
                    link: "notifier://reminder/standup"),
                UpcomingRow(
                    kind: "alarm", name: "event-dentist", text: "Dentist", at: now.addingTimeInterval(28 * 3600),
                    link: "notifier://event/dentist"),
            ],
            valueSections: [Self.watches(now: now)])
    }

    /// Two watches, in the section the watch feed gives them.
    static func watches(now: Date) -> ValueSection {
        var section = WatchFeedKind().valueSection(config: Config(), store: nil)
        section.rows = [
            ValueRow(name: "swift-stars", value: "70100", state: "value", lastFetch: now.addingTimeInterval(-240), link: "notifier://watch/swift-stars"),
            ValueRow(
                name: "release", value: nil, state: "no value", lastFetch: now.addingTimeInterval(-600),
                problem: "the selector matched nothing", link: "notifier://watch/release"),
        ]
        return section
    }

    @Test func homeScreen() {
        let model = StatusModel(report: Self.report, timeZone: Self.utc, reload: { Self.report })
        // What comes first fits a 32-row terminal, the last notifications and the rules too.
        let shown = text(model, height: 32)
        #expect(shown.contains("running since") && shown.contains("Rules  2 rules · muted: launch_country"), "\(shown)")
        assertSnapshot(of: shown, as: .lines)
    }

    /// `status --json`: a feed's section under its own key, beside the screen's fixed ones.
    @Test func homeScreenAsJSON() throws {
        let data = try StatusJSON.encoded(StatusJSON.status(Self.report, now: Self.now))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            object.keys.sorted() == [
                "daemon", "generated_at", "holidays", "notifications", "rows", "rules", "snoozes", "upcoming", "watches",
            ])
        let daemon = try #require(object["daemon"] as? [String: Any])
        #expect(daemon["running"] as? Bool == true && daemon["pid"] as? String == "4242")
        let upcoming = try #require(object["upcoming"] as? [[String: String]])
        #expect(upcoming.first?["name"] == "standup" && upcoming.first?["kind"] == "reminder")
        let holidays = try #require(object["holidays"] as? [[String: String]])
        #expect(holidays.count == 3)
        #expect(holidays.first == ["date": "2026-12-24", "kind": "public", "link": "notifier://holiday/2026-12-24", "name": "Jõululaupäev"])
    }

    /// The root help lists the feeds' commands where they always stood: `watch` after `rules`,
    /// the reminders' at the end.
    @Test func theFeedsCommandsKeepTheirPlaces() {
        #expect(
            NotifierCommand.configuration.subcommands.map { $0.configuration.commandName ?? "" } == [
                "open", "open-url", "list", "status", "history", "why", "ack", "test", "rules", "watch", "mute", "unmute", "config",
                "install", "uninstall", "channel", "remind", "next", "forget", "when",
            ])
    }

    @Test func homeScreenPrintout() {
        assertSnapshot(of: StatusCommand.plainText(Self.report, now: Self.now, width: 80, timeZone: Self.utc), as: .lines)
    }

    @Test func relativeTimes() {
        let times: [(TimeInterval, String)] = [
            (-20, "just now"), (-180, "3 min ago"), (720, "in 12 min"), (-3 * 3600, "today 01:26"),
            (-26 * 3600, "yesterday 02:26"), (20 * 3600, "tomorrow 00:26"), (-3 * 86400, "Sun 04:26"),
            (-30 * 86400, "2026-11-23 04:26"),
        ]
        for (offset, expected) in times {
            #expect(RelativeTime.describe(Self.now.addingTimeInterval(offset), now: Self.now, timeZone: Self.utc) == expected)
        }
    }
}
