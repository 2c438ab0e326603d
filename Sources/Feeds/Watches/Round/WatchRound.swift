import Foundation
import Logging
import NotifierCore
import NotifierEngine

/// One watch's polls: fetch and select, the selector's and the fetch's health, the engine's
/// decisions on its conditions, one stored row per poll; in the daemon, scheduled with the
/// others by `WatchScheduler`, again after its interval or a backoff.
package struct WatchRound: Sendable {
    package let env: FeedEnvironment
    package let watch: WatchSettings
    package let poller: WatchPoller
    package let health: WatchHealthTracker

    package init(_ env: FeedEnvironment, watch: WatchSettings) {
        self.env = env
        self.watch = watch
        poller = WatchPoller(watch: watch, http: env.http)
        health = WatchHealthTracker(watch: watch, store: env.store)
    }

    package var pacingName: String { "watch:\(watch.name)" }

    /// Its schedule's rests: the interval, or a backoff after failures, never shorter than a
    /// `Retry-After`. Paced: a reload that leaves the watch as it was keeps its schedule.
    package var loop: FeedLoop<WatchSettings> { FeedLoop(pacing: (pacingName, watch), interval: watch.interval) }

    /// The wait before the first poll: what is left of the interval when a reload kept the
    /// watch's settings; otherwise its slot's (`slot`: its place among the others), four a
    /// second at most after a start, each at a random phase within its slot: the jitter that
    /// keeps watches started together apart.
    package func firstWait(slot: Int, random: inout SeededGenerator) async -> Duration {
        if let kept = await env.pacing?.firstWait(feed: pacingName, settings: watch, interval: watch.interval, now: env.now()) {
            return kept
        }
        return .milliseconds(250 * slot + Int.random(in: 0..<250, using: &random))
    }

    /// One poll of the daemon's schedule (`WatchScheduler`): noted for pacing, then what the
    /// schedule needs for the next rest, and `mark` taken as the fetch ends (the rest's start).
    package func scheduledPoll<Mark>(marking mark: () -> Mark) async -> (report: PollReport, mark: Mark) {
        await env.pacing?.polled(feed: pacingName, settings: watch, at: env.now())
        let observation = await poller.poll()
        let ended = mark()
        let error = await decide(observation, now: env.now())
        // A source that keeps answering without a value (an error body, a changed shape) is
        // asked less often too, as a failing one is; its notice stays the selector's.
        let failures = error != nil ? await health.consecutiveFailures : await health.selectorHealth.consecutiveMisses
        return (PollReport(failures: failures, retryAfter: error.retryAfter), ended)
    }

    /// One poll; the error when the fetch failed.
    @discardableResult
    package func poll() async -> FeedError? {
        await decide(await poller.poll(), now: env.now())
    }

    /// What one poll's observation decides, whether fetched or replayed (`notifier test`).
    @discardableResult
    package func decide(_ observation: WatchObservation, now: Date) async -> FeedError? {
        let rule = watch.rule
        let store = env.store
        var alerts: [Alert] = []
        var record = WatchPollRecord(watch: watch.name, at: now, status: .failed, detail: observation.status)
        var values: [WatchValue] = []
        var newMembers: [WatchValue] = []
        var fetchError: FeedError?
        var matched: Bool?
        var why = ""
        switch observation.kind {
        case .failed(let error):
            fetchError = error
            record.detail = error.description
            env.logger.warning("\(error)")
            await env.note("watch \(watch.name): no data, so no alert (\(error))")
        case .noValue(let reason):
            matched = false
            why = reason
            record.status = .noValue
            record.detail = reason
            logNoValue(reason)
        case .selected(let selected):
            let first = selected.first.flatMap { $0.isNothing ? nil : $0 }
            let usable = first.map { !rule.conditions.needsNumber || $0.number != nil } ?? false
            matched = usable || (rule.conditions.appears && selected.contains { !$0.isNothing })
            if usable, let first {
                values = selected
                record.status = .value
                record.value = first.canonicalJSON
                record.number = first.number
            } else {
                values = rule.conditions.appears ? selected : []
                record.status = .noValue
                why = first == nil ? (selected.isEmpty ? "matched nothing" : "selected null") : "selected \(WatchRule.clipped(first!.shown)), not a number"
                record.detail = why
                if matched == false { logNoValue(why) }
            }
        }
        let previous = StoreProblems.attempt("a watch's last value", logger: env.logger) { try store?.lastKnownWatchValue(watch.name) } ?? nil
        if rule.conditions.appears, !values.isEmpty {
            let seen = StoreProblems.attempt("a watch's members", logger: env.logger) { try store?.watchMembers(watch.name) } ?? []
            var fresh: [WatchValue] = []
            for value in values where !value.isNothing && !seen.contains(value.canonicalJSON) && !fresh.contains(value) { fresh.append(value) }
            newMembers = fresh
        }
        var history: [(at: Date, value: Double)] = []
        if let window = rule.conditions.window, rule.conditions.changePercent != nil {
            let since = now.addingTimeInterval(-Double(window.components.seconds))
            let polls = StoreProblems.attempt("a watch's values", logger: env.logger) { try store?.watchPolls(watch.name, since: since) } ?? []
            history = polls.compactMap { poll in poll.number.map { (poll.at, $0) } }
        }
        var anchors: [String: Double] = [:]
        for (key, anchor) in await env.engine.anchors(rule: WatchRule.id) where key.subject.hasPrefix(watch.name + ":") { anchors[key.subject] = anchor }
        // The first poll with members only learns them: a new watch does not announce what is already there.
        let firstMembers =
            rule.conditions.appears && store != nil
            && (StoreProblems.attempt("a watch's members", logger: env.logger) { try store?.watchMembers(watch.name) } ?? []).isEmpty
        let pollInput = WatchRule.Poll(
            values: fetchError == nil ? values : [], previous: previous, anchors: anchors,
            history: history, newMembers: firstMembers ? [] : newMembers)
        let readings = fetchError == nil ? rule.readings(pollInput, now: now) : []
        await note(observation: observation, values: values, why: why, readings: readings)
        let (decided, changed, decisionNotes) = await env.engine.decide(readings, now: now, interval: watch.interval)
        // The watch's first failure after data: its subjects unknown from now, noted once.
        let unknown = await env.engine.unknownNotes(
            rules: [WatchRule.id], failed: fetchError != nil,
            failuresBefore: await health.consecutiveFailures, now: now)
        let notes = decisionNotes + unknown
        alerts += decided
        if let matched, let alert = await health.selector(matched: matched, reason: why, now: now) { alerts.append(alert) }
        if let alert = await health.fetch(fetchError, now: now) { alerts.append(alert) }
        var state = WatchStateRecord(
            watch: watch.name, selectorHealth: await health.selectorHealth, lastFetch: now,
            lastStatus: fetchError.map { "failed: \($0.cause)" } ?? observation.status, lastPayload: observation.payload)
        if state.lastPayload == nil, fetchError == nil { state.lastPayload = nil }
        do {
            try store?.saveWatchPoll(record, state: state, newMembers: newMembers, keepDays: env.config.history.days)
        } catch {
            env.logger.error("\(error)")
        }
        // Each new member is a notification of its own: one poll's alerts of one rule would
        // otherwise become one group.
        let appeared = alerts.filter { $0.subject?.hasPrefix("\(watch.name):appears:") == true }
        let rest = alerts.filter { $0.subject?.hasPrefix("\(watch.name):appears:") != true }
        await env.delivery.submit(rest + appeared.prefix(1), records: changed, notes: notes, now: now)
        for alert in appeared.dropFirst() { await env.delivery.submit([alert], now: now) }
        return fetchError
    }

    /// One line a poll without a value, in the words of a feed's failure: the watch, the source, why.
    private func logNoValue(_ why: String) {
        env.logger.warning("watch \(watch.name) feed: \(watch.url.isEmpty ? "RUN" : "GET") \(watch.sourceText): \(watch.select) found no value (\(why))")
    }

    /// For a dry run: what was selected and where each condition stands.
    private func note(observation: WatchObservation, values: [WatchValue], why: String, readings: [SubjectReading]) async {
        guard env.isDryRun else { return }
        let selected = values.isEmpty ? "no value (\(why))" : values.prefix(5).map { WatchRule.clipped($0.shown) }.joined(separator: ", ")
        let conditions = readings.map { "\($0.key.subject) \($0.signal.map(\.rawValue) ?? "unknown")" }.joined(separator: ", ")
        await env.note("watch \(watch.name): \(watch.select) → \(selected) (\(observation.status))" + (conditions.isEmpty ? "" : "; \(conditions)"))
    }
}
