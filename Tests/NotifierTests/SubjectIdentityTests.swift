import Foundation
import Logging
import NotifierSystem
import ProgramTestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierDelivery
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// A feed that brings its own identity scenarios (one only the tests have): for each of its
/// rules, readings of at least two subjects that fire once beyond the fire level.
protocol IdentityScenarios {
    var identityScenarios: [String: @Sendable () throws -> [SubjectReading]] { get }
}

/// A notification's subject is the engine's subject: "Snooze 1 h" from a bubble silences exactly
/// the (rule, subject) it came from, and two alerts of one subject decided in one poll (an
/// up/down pair) both reach the screen.
@Suite struct SubjectIdentityTests {
    static let start = Date(timeIntervalSince1970: 1_790_000_000)
    static let locale = Locale(identifier: "en_US")

    /// For every rule the engine drives: readings of at least two subjects whose alerts fire
    /// once their signal is beyond the fire level.
    /// Scenarios a feed does not bring itself (none: each feed's are in its test folder).
    static let scenarios: [String: @Sendable () throws -> [SubjectReading]] = [:]

    /// Rules whose alerts come from elsewhere than the engine, and so offer no Snooze.
    static let notSnoozable: [String: @Sendable () -> [Alert]] = [
        LaunchCountryRule.id: { LaunchCountryRule.examples.flatMap { $0.evaluate() } },
        FeedHealthRule.id: { FeedHealthRule.examples.flatMap { $0.evaluate() } },
    ]

    /// The shipped feeds' scenarios and those a tested feed brings itself.
    static let allScenarios = testedFeeds.compactMap { $0 as? any IdentityScenarios }
        .reduce(into: scenarios) { all, feed in all.merge(feed.identityScenarios) { shipped, _ in shipped } }

    static let silenceable = NotificationAction.silenceable(rulesOf(testedFeeds))

    @Test(arguments: rulesOf(testedFeeds).map { $0.id })
    func snoozeFromAnAlertSilencesThatSubjectOnly(rule: String) throws {
        if let alerts = Self.notSnoozable[rule] {
            let alert = try #require(alerts().first, "\(rule) has no example alert")
            #expect(!NotificationAction.offered(for: alert, capabilities: ["actions"]).contains(.snooze))
            return
        }
        let scenario = try #require(Self.allScenarios[rule], "no snooze scenario for \(rule): add one")
        let readings = try scenario()
        var engine = RuleEngine()
        _ = engine.evaluate(Self.driven(readings, .rearmed), now: Self.start)
        let fired = engine.evaluate(Self.driven(readings, .beyondFire), now: Self.start.addingTimeInterval(60)).alerts
        try #require(fired.count >= 2, "\(rule): the scenario should fire two subjects or more, fired \(fired.map(\.title))")
        let snoozed = fired[0]
        #expect(NotificationAction.offered(for: snoozed, capabilities: ["actions"], silenceable: Self.silenceable).contains(.snooze))

        // The click, as the bubble's "Snooze 1 h" makes it, into a real store the engine reads.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-snooze-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try Store(path: path)
        let logger = Logger(label: "test")
        ClickHandler(
            opener: DeepLinkOpener(environment: [:], logger: logger), store: store, logger: logger,
            now: { Self.start.addingTimeInterval(120) }, feeds: Program.notifier.feeds
        ).handle(.snooze, ClickTarget(snoozed))
        (engine.mutes, engine.snoozes) = try store.loadSilences()

        _ = engine.evaluate(Self.driven(readings, .rearmed), now: Self.start.addingTimeInterval(180))
        let next = engine.evaluate(Self.driven(readings, .beyondFire), now: Self.start.addingTimeInterval(240))
        #expect(next.alerts.count == fired.count - 1, "\(rule): \(next.alerts.map(\.title)) after snoozing \(snoozed.title)")
        #expect(next.muted.count == 1, "\(rule): silenced \(next.muted)")
        #expect(next.muted.map(\.subject) == [snoozed.subject].compactMap { $0 })
        #expect(!next.alerts.contains { $0.identity == snoozed.identity })
    }

    /// With `notify_resolved` on, a coin swinging from −6 % to +6 % between two polls resolves
    /// `BTC:down` and fires `BTC:up` in one poll: both are news, and both are delivered.
    @Test func anUpDownPairDecidedInOnePollIsDeliveredWhole() {
        let rule = CryptoChangeRule(policy: AlertPolicy(notifyWhenResolved: true))
        var engine = RuleEngine()
        var outbox = Outbox()
        let down = engine.evaluate(
            rule.readings([CryptoTickers.ticker("BTC", 100, change24h: -6)], known: [], previous: [:], locale: Self.locale),
            now: Self.start)
        #expect(down.alerts.map(\.title) == ["BTC −6 % in 24h ▼"])
        let swing = engine.evaluate(
            rule.readings([CryptoTickers.ticker("BTC", 112, change24h: 6)], known: [], previous: [:], locale: Self.locale),
            now: Self.start.addingTimeInterval(60))
        #expect(swing.alerts.count == 2)
        outbox.submit(swing.alerts, now: Self.start.addingTimeInterval(60))
        let shown = outbox.due(now: Self.start.addingTimeInterval(60), calendar: Calendar(identifier: .gregorian))
        let titles = shown.flatMap(\.individualAlerts).map(\.title).sorted()
        #expect(titles == ["BTC +6 % in 24h ▲", "BTC back within ±5 % (+6 % in 24h)"], "\(shown.map(\.title))")
    }

    /// The history names each delivery's engine subject beside its key.
    @Test func theHistoryRecordsTheSubject() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-history-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try Store(path: path)
        var config = Config()
        config.delivery.groupWindow = .zero
        let dispatcher = Dispatcher(sink: RecordingSink(), store: store, config: config, logger: Logger(label: "test"), elsewhere: .network)
        var engine = RuleEngine()
        let rule = CryptoChangeRule()
        let fired = engine.evaluate(
            rule.readings([CryptoTickers.ticker("BTC", 100, change24h: -6)], known: [], previous: [:], locale: Self.locale),
            now: Self.start)
        await dispatcher.submit(fired.alerts, now: Self.start)
        let history = try store.history(limit: 5)
        #expect(history.map(\.key) == ["BTC"] && history.map(\.subject) == ["BTC:down"], "\(history)")
    }

    // MARK: Fixtures

    /// Every reading with this signal and a policy without waits, so each step is one emission.
    static func driven(_ readings: [SubjectReading], _ signal: Threshold.Signal) -> [SubjectReading] {
        readings.map { reading in
            var reading = reading
            reading.signal = signal
            reading.policy = AlertPolicy()
            return reading
        }
    }

    /// Two wet, stormy, windy, warm days; anchors far from their values so changes count.
    static func forecastReadings(_ rule: some ForecastRule) throws -> [SubjectReading] {
        let today = try #require(CivilDate(year: 2026, month: 11, day: 23))
        let days = [today, today.adding(days: 1)].map { date in
            ForecastDay(
                date: date, minTemperature: 10, maxTemperature: 20, precipitationProbability: 90,
                condition: .thunderstorm, maxGusts: 90)
        }
        let forecast = Forecast(place: "Tallinn", latitude: 59.4, longitude: 24.7, source: "test", days: days)
        let keys = rule.readings(forecast, previous: nil, context: ForecastContext(today: today, locale: locale)).map(\.key)
        let anchors = Dictionary(keys.map { ($0, -30.0) }, uniquingKeysWith: { first, _ in first })
        return rule.readings(forecast, previous: nil, context: ForecastContext(today: today, anchors: anchors, locale: locale))
    }
}
