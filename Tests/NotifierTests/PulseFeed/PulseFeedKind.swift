import Foundation
import NotifierCore
import NotifierEngine
import TestSupport

@testable import Notifier

// A feed kind that exists only in the tests, to show what a new feed adds: its own source and
// decoder, one rule, one round, one view (PulseView.swift), its matrix fixture — and one line to
// register it (`testedFeeds`, Tests/NotifierTests/TestedFeeds.swift). Nothing else in Sources/
// or Tests/ names it.

/// The source: `GET <base>/pulses` answers `{"pulses":[{"id":"a","level":7}, …]}`.
struct PulseSource: Sendable {
    static let name = "pulse"
    let http: HTTPClient
    let baseURL: String

    struct Pulse: Codable, Sendable, Equatable {
        var id: String
        var level: Double
    }

    private struct Page: Codable {
        var pulses: [Pulse]
    }

    func pulses() async throws(FeedError) -> [Pulse] {
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
struct PulseHighRule: Rule {
    static let id = "pulse_high"
    static let summary = "A test pulse above its threshold"
    var threshold = 5.0
    var rearm = 4.0

    func readings(_ pulses: [PulseSource.Pulse]) -> [SubjectReading] {
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

    static let examples = [
        RuleExample("a high pulse fires", .fires { $0.map(\.title) == ["pulse a at 7.0"] }) {
            var engine = RuleEngine()
            return engine.evaluate(PulseHighRule().readings([.init(id: "a", level: 7)]), now: Date(timeIntervalSince1970: 0)).alerts
        }
    ]
}

/// The feed kind: its round, as `--once`, the daemon and `--dry-run` run it.
struct PulseFeedKind: FeedKind {
    static let interval = Duration.seconds(90)
    /// Where its server is; a real feed reads this from its settings.
    var baseURL = "http://127.0.0.1:9/pulse"
    var name: String { PulseSource.name }
    var views: [FeedView] { [.pulse] }
    var rules: [any Rule.Type] { [PulseHighRule.self] }
    var configSections: [ConfigSectionEntry] {
        [ConfigSectionEntry(\.pulse, in: .feed), ConfigSectionEntry(\.pulseHigh, in: .rules)]
    }

    func pollOnce(_ env: FeedEnvironment) async -> FeedOutcome {
        guard env.config.pulse.enabled else { return .notPolled }
        return await poll(env, health: health(env)) == nil ? .succeeded : .failed
    }

    func pollForever(_ env: FeedEnvironment) async {
        guard env.config.pulse.enabled else { return }
        let health = health(env)
        await FeedLoop(interval: Self.interval).run(env) {
            let error = await poll(env, health: health)
            return PollReport(failures: await health.consecutiveFailures, retryAfter: error.retryAfter)
        }
    }

    private func health(_ env: FeedEnvironment) -> FeedHealthDesk {
        FeedHealthDesk(feed: name, store: env.store, degradedAfter: 3)
    }

    /// One poll; the error when it failed.
    private func poll(_ env: FeedEnvironment, health: FeedHealthDesk) async -> FeedError? {
        let answer: Result<[PulseSource.Pulse], FeedError>
        do { answer = .success(try await PulseSource(http: env.http, baseURL: baseURL).pulses()) } catch { answer = .failure(error) }
        return await decide(answer, env, health: health)
    }

    /// What a poll's answer decides, live and replayed alike; the error when it failed.
    func decide(_ answer: Result<[PulseSource.Pulse], FeedError>, _ env: FeedEnvironment, health: FeedHealthDesk) async -> FeedError? {
        let now = env.now()
        switch answer {
        case .success(let pulses):
            await env.note("pulse: \(pulses.count) pulses")
            let rule = PulseHighRule(threshold: env.config.pulseHigh.threshold, rearm: env.config.pulseHigh.rearm)
            var (alerts, changed, notes) = await env.desk.decide(rule.readings(pulses), now: now)
            if let alert = await health.record(nil, now: now) { alerts.append(alert) }
            await env.dispatcher.submit(alerts, records: changed, notes: notes, now: now)
            return nil
        case .failure(let error):
            env.logger.warning("\(error)")
            await env.note("pulse: no data, so no alert (\(error))")
            let notes = await env.desk.unknownNotes(rules: [PulseHighRule.id], failed: true, failuresBefore: await health.consecutiveFailures, now: now)
            let alert = await health.record(error, now: now)
            if alert != nil || !notes.isEmpty { await env.dispatcher.submit(alert.map { [$0] } ?? [], notes: notes, now: now) }
            return error
        }
    }
}

extension PulseFeedKind: MatrixServed {
    static let healthy = Data(#"{"pulses":[{"id":"alpha","level":7.5},{"id":"beta","level":1.0}]}"#.utf8)

    func matrixFeed() throws -> MatrixFeed {
        MatrixFeed(
            name: name, routes: [("GET /pulse/pulses", { _ in LoopbackServer.json(Self.healthy) })],
            healthyBody: Self.healthy, loopPath: "/pulse/pulses", errorStatus: .ok,
            errorBody: Data(#"{"error":"pulse service resting"}"#.utf8), emptyArraysAreValid: false,
            cadence: Self.interval, configure: { _, _ in })
    }

    func serving(_ baseURL: String) -> any FeedKind {
        PulseFeedKind(baseURL: baseURL + "/pulse")
    }
}

extension PulseFeedKind: IdentityScenarios {
    var identityScenarios: [String: @Sendable () throws -> [SubjectReading]] {
        [PulseHighRule.id: { PulseHighRule().readings([.init(id: "alpha", level: 7), .init(id: "beta", level: 8)]) }]
    }
}

/// `notifier test`'s replay of a recorded pulse page (`NNNN-<time>.pulse.json`), handed to the
/// round as its answer; a page it cannot read is the feed failing.
extension PulseFeedKind: RecordedFeed {
    var recordingSuffixes: [String] { [PulseSource.name] }

    func replay(_ data: Data, suffix: String, environment: FeedEnvironment) async {
        guard environment.config.pulse.enabled else { return }
        struct Page: Decodable { var pulses: [PulseSource.Pulse] }
        let answer: Result<[PulseSource.Pulse], FeedError> =
            (try? JSONDecoder().decode(Page.self, from: data)).map { .success($0.pulses) } ?? .failure(.unreadableRecording(feed: name, suffix: suffix))
        _ = await decide(answer, environment, health: health(environment))
    }
}
