import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The forecast feed's polls: every configured place fetched (names geocoded once), compared
/// day by day with what the engine remembers, alerts handed to the dispatcher, each forecast
/// stored. In the daemon, again after the interval, or after a backoff on errors.
package struct ForecastRound: Sendable {
    package let env: FeedEnvironment
    package let health: FeedHealthTracker
    package let feed: ForecastFeed

    package init(_ env: FeedEnvironment) {
        self.env = env
        health = FeedHealthTracker(feed: ForecastFeed.name, store: env.store, degradedAfter: env.config.forecast.degradedAfter)
        feed = ForecastFeed(http: env.http, source: env.config.forecast.feedSource)
    }

    package var config: Config { env.config }
    package var store: Store? { env.store }
    package var engine: StoredEngine { env.engine }

    /// What one round did: places fetched, and the errors of those that failed.
    package struct Outcome {
        package var fetched = 0
        package var errors: [FeedError] = []
        package var polled: Bool { fetched > 0 || !errors.isEmpty }
    }

    package func pollOnce() async -> FeedOutcome {
        guard config.forecast.enabled, !config.forecast.places.isEmpty else { return .notPolled }
        let outcome = await poll(skippingFresh: true)
        if !outcome.polled { return .notPolled }
        return outcome.fetched == 0 ? .failed : .succeeded
    }

    package func pollForever() async {
        guard config.forecast.enabled, !config.forecast.places.isEmpty else { return }
        // Only the first round skips places fetched within the interval (by an earlier run):
        // after that the loop's own wait keeps to one request per place per interval.
        var first = true
        await FeedLoop(interval: config.forecast.interval).run(env) {
            let outcome = await poll(skippingFresh: first)
            first = false
            guard !outcome.errors.isEmpty else { return .succeeded }
            let retryAfter = outcome.errors.lazy.compactMap(\.retryAfterSeconds).max().map { Duration.seconds($0) }
            return PollReport(failures: await health.consecutiveFailures, retryAfter: retryAfter)
        }
    }

    package func poll(skippingFresh: Bool) async -> Outcome {
        var outcome = Outcome()
        let now = env.now()
        for place in config.forecast.places {
            if skippingFresh,
                let last = StoreProblems.attempt("the last forecast", logger: env.logger, { try store?.forecasts(place: place.name, limit: 1).first }),
                now.timeIntervalSince(last.fetchedAt) < Double(config.forecast.interval.components.seconds), last.fetchedAt <= now
            {
                env.logger.debug("forecast feed: \(place.name) fetched \(Int(now.timeIntervalSince(last.fetchedAt))) s ago, not asked again yet")
                await env.note("forecast: \(place.name) fetched \(Int(now.timeIntervalSince(last.fetchedAt))) s ago, not asked again yet")
                continue
            }
            do {
                let forecast = try await fetch(place, now: now)
                await evaluate(forecast, place: place, now: now)
                outcome.fetched += 1
            } catch {
                env.logger.warning("\(error)")
                await env.note("forecast: no data for \(place.name), so no alert (\(error))")
                outcome.errors.append(error)
            }
        }
        await record(outcome, now: now)
        return outcome
    }

    /// The feed's health after a round; its first failure after data makes its subjects
    /// unknown from now, noted once.
    package func record(_ outcome: Outcome, now: Date) async {
        let failed = outcome.fetched == 0 ? outcome.errors.first : nil
        let notes = await engine.unknownNotes(
            rules: Set(config.forecastRules.map { type(of: $0).id }), failed: outcome.polled && failed != nil,
            failuresBefore: await health.consecutiveFailures, now: now)
        var alert: Alert?
        if outcome.polled { alert = await health.record(failed, now: now) }
        if alert != nil || !notes.isEmpty { await env.delivery.submit(alert.map { [$0] } ?? [], notes: notes, now: now) }
    }

    private func fetch(_ place: ForecastPlace, now: Date) async throws(FeedError) -> Forecast {
        try await Self.fetch(place, feed: feed, store: store, now: now, logger: env.logger, keepGeocode: true)
    }

    /// A place's forecast, its name geocoded first where the source needs coordinates: from the
    /// store's cache, else asked (and kept, unless `keepGeocode` is off, as in a dry run).
    package static func fetch(
        _ place: ForecastPlace, feed: ForecastFeed, store: Store?, now: Date, logger: Logger,
        keepGeocode: Bool
    ) async throws(FeedError) -> Forecast {
        var latitude = place.latitude
        var longitude = place.longitude
        if latitude == nil, case .openMeteo(_, let geocodingURL) = feed.source {
            let match: OpenMeteoDecoder.Match
            if let cached = StoreProblems.attempt("the cached geocode", logger: logger, { try store?.geocoded(place.name) }) {
                match = cached
            } else {
                match = try await feed.geocode(place.name, geocodingURL: geocodingURL)
                logger.info("forecast feed: '\(place.name)' is \(match.label) (\(match.latitude), \(match.longitude))")
                if keepGeocode {
                    do { try store?.saveGeocode(place.name, match, at: now) } catch { logger.error("\(error)") }
                }
            }
            (latitude, longitude) = (match.latitude, match.longitude)
        }
        return try await feed.forecast(place: place.name, latitude: latitude, longitude: longitude)
    }

    /// Every enabled rule's readings of one forecast; `anchors` gives each rule's anchors.
    package static func readings(
        _ forecast: Forecast, previous: Forecast?, rules: [any ForecastRule], today: CivilDate, locale: Locale,
        anchors: (String) async -> [SubjectKey: Double]
    ) async -> [SubjectReading] {
        var readings: [SubjectReading] = []
        for rule in rules {
            let context = ForecastContext(today: today, anchors: await anchors(type(of: rule).id), locale: locale)
            readings += rule.readings(forecast, previous: previous, context: context)
        }
        return readings
    }

    /// Today where the forecast is (its days are that place's days), else in `userZone`.
    package static func today(of forecast: Forecast, now: Date, userZone: TimeZone = .current) -> CivilDate {
        CivilDate(now, in: forecast.timeZone.flatMap(TimeZone.init(identifier:)) ?? userZone)
    }

    /// Rules first, then the forecast is stored: a crash between the two leaves decisions
    /// committed and only the next comparison's "from" figures one forecast older.
    package func evaluate(_ forecast: Forecast, place: ForecastPlace, now: Date) async {
        let previous = StoreProblems.attempt("the last forecast", logger: env.logger) { try store?.forecasts(place: place.name, limit: 1).first }?.forecast
        let today = Self.today(of: forecast, now: now, userZone: env.calendar.timeZone)
        await env.note(
            "forecast: \(place.name), \(forecast.days.count) days from \(forecast.source)" + (previous == nil ? ", nothing stored to compare with" : ""))
        let readings = await Self.readings(
            forecast, previous: previous, rules: config.forecastRules, today: today,
            locale: env.locale
        ) { rule in
            await engine.anchors(rule: rule)
        }
        let (alerts, changed, notes) = await engine.decide(readings, now: now, interval: config.forecast.interval)
        let passed = await engine.forget { ForecastSubjects.isPassed($0, place: place.name, before: today) }
        env.logger.debug("forecast feed: \(place.name), \(forecast.days.count) days, \(alerts.count) alerts")
        await env.delivery.submit(alerts, records: changed, forgetting: passed, notes: notes, now: now)
        do {
            try store?.saveForecast(forecast, at: now)
        } catch {
            env.logger.error("\(error)")
        }
    }
}
