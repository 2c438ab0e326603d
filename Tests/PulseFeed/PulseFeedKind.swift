import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

// A feed that exists only in the tests, to show what a new feed adds: a library of its own
// (this folder, one target line in Package.swift) with its source and decoder, one rule, its
// settings, one round, one view and its link (PulseView.swift), its replay — and one line in the
// tests' list of feeds (`testedFeeds`, Tests/NotifierTests/TestedFeeds.swift). It depends on the
// core and the engine alone, as every feed does.

/// The source: `GET <base>/pulses` answers `{"pulses":[{"id":"a","level":7}, …]}`.
package struct PulseSource: Sendable {
    package static let name = "pulse"
    package let http: HTTPClient
    package let baseURL: String

    package struct Pulse: Codable, Sendable, Equatable {
        package var id: String
        package var level: Double
    }

    private struct Page: Codable {
        var pulses: [Pulse]
    }

    package func pulses() async throws(FeedError) -> [Pulse] {
        let url = baseURL + "/pulses"
        let body = try await http.send(.get(url), feed: Self.name).body
        let context = RequestContext(feed: Self.name, method: "GET", url: url)
        guard let page = try? JSONDecoder().decode(Page.self, from: body) else {
            throw .decoding(context, detail: "not a pulse page")
        }
        guard !page.pulses.isEmpty, page.pulses.allSatisfy({ $0.level.isFinite && DeepLink(.pulse, argument: $0.id) != nil }) else {
            throw .decoding(context, detail: "no usable pulses")
        }
        return page.pulses
    }
}

/// The rule: a pulse above `threshold`, re-armed below `rearm`.
package struct PulseHighRule: Rule {
    package static let id = "pulse_high"
    package static let summary = "A test pulse above its threshold"
    package var threshold = 5.0
    package var rearm = 4.0

    package func readings(_ pulses: [PulseSource.Pulse]) -> [SubjectReading] {
        guard let level = try? Threshold(direction: .above, fireLevel: threshold, rearmLevel: rearm) else { return [] }
        return pulses.map { pulse in
            SubjectReading(
                key: SubjectKey(rule: Self.id, subject: pulse.id), signal: level.signal(for: pulse.level),
                shownValue: "\(pulse.level)", policy: AlertPolicy()
            ) { emission in
                guard emission == .fired, let link = DeepLink(.pulse, argument: pulse.id) else { return nil }
                return Alert(
                    rule: Self.id, key: pulse.id, title: "pulse \(pulse.id) at \(pulse.level)", body: "above \(threshold)",
                    category: "x-notifier.test", deepLink: link, reason: "pulse \(pulse.id) reached \(threshold)")
            }
        }
    }

    package static let examples = [
        RuleExample("a high pulse fires", .fires { $0.map(\.title) == ["pulse a at 7.0"] }) {
            var engine = RuleEngine()
            return engine.evaluate(PulseHighRule().readings([.init(id: "a", level: 7)]), now: Date(timeIntervalSince1970: 0)).alerts
        }
    ]
}

/// The feed kind: its round, as `--once`, the daemon and `--dry-run` run it.
package struct PulseFeedKind: FeedKind {
    /// A page as its server answers when all is well: one pulse above the threshold, one below.
    package static let healthy = Data(#"{"pulses":[{"id":"alpha","level":7.5},{"id":"beta","level":1.0}]}"#.utf8)
    package static let interval = Duration.seconds(90)
    /// Where its server is; a real feed reads this from its settings.
    package var baseURL = "http://127.0.0.1:9/pulse"

    package init(baseURL: String = "http://127.0.0.1:9/pulse") {
        self.baseURL = baseURL
    }
    package var name: String { PulseSource.name }
    package var views: [FeedView] { [.pulse] }
    package var rules: [any Rule.Type] { [PulseHighRule.self] }
    package var configSections: [ConfigSectionEntry] {
        [ConfigSectionEntry(\.pulse, in: .feed), ConfigSectionEntry(\.pulseHigh, in: .rules)]
    }

    package func pollOnce(_ env: FeedEnvironment) async -> FeedOutcome {
        guard env.config.pulse.enabled else { return .notPolled }
        return await poll(env, health: health(env)) == nil ? .succeeded : .failed
    }

    package func pollForever(_ env: FeedEnvironment) async {
        guard env.config.pulse.enabled else { return }
        let health = health(env)
        await FeedLoop(interval: Self.interval).run(env) {
            let error = await poll(env, health: health)
            return PollReport(failures: await health.consecutiveFailures, retryAfter: error.retryAfter)
        }
    }

    private func health(_ env: FeedEnvironment) -> FeedHealthTracker {
        FeedHealthTracker(feed: name, store: env.store, degradedAfter: 3)
    }

    /// One poll; the error when it failed.
    private func poll(_ env: FeedEnvironment, health: FeedHealthTracker) async -> FeedError? {
        let answer: Result<[PulseSource.Pulse], FeedError>
        do { answer = .success(try await PulseSource(http: env.http, baseURL: baseURL).pulses()) } catch { answer = .failure(error) }
        return await decide(answer, env, health: health)
    }

    /// What a poll's answer decides, live and replayed alike; the error when it failed.
    package func decide(_ answer: Result<[PulseSource.Pulse], FeedError>, _ env: FeedEnvironment, health: FeedHealthTracker) async -> FeedError? {
        let now = env.now()
        switch answer {
        case .success(let pulses):
            await env.note("pulse: \(pulses.count) pulses")
            let rule = PulseHighRule(threshold: env.config.pulseHigh.threshold, rearm: env.config.pulseHigh.rearm)
            var (alerts, changed, notes) = await env.engine.decide(rule.readings(pulses), now: now)
            if let alert = await health.record(nil, now: now) { alerts.append(alert) }
            await env.delivery.submit(alerts, records: changed, notes: notes, now: now)
            return nil
        case .failure(let error):
            env.logger.warning("\(error)")
            await env.note("pulse: no data, so no alert (\(error))")
            let notes = await env.engine.unknownNotes(rules: [PulseHighRule.id], failed: true, failuresBefore: await health.consecutiveFailures, now: now)
            let alert = await health.record(error, now: now)
            if alert != nil || !notes.isEmpty { await env.delivery.submit(alert.map { [$0] } ?? [], notes: notes, now: now) }
            return error
        }
    }
}

/// `notifier test`'s replay of a recorded pulse page (`NNNN-<time>.pulse.json`), handed to the
/// round as its answer; a page it cannot read is the feed failing.
extension PulseFeedKind: RecordedFeed {
    package var recordingSuffixes: [String] { [PulseSource.name] }

    package func replay(_ data: Data, suffix: String, environment: FeedEnvironment) async {
        guard environment.config.pulse.enabled else { return }
        struct Page: Decodable { var pulses: [PulseSource.Pulse] }
        let answer: Result<[PulseSource.Pulse], FeedError> =
            (try? JSONDecoder().decode(Page.self, from: data)).map { .success($0.pulses) } ?? .failure(.unreadableRecording(feed: name, suffix: suffix))
        _ = await decide(answer, environment, health: health(environment))
    }
}
