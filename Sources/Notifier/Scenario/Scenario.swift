import Foundation
import Rules

/// A recorded sequence for `notifier test`: files of API responses, each named with the time it
/// stands for and its feed, `0001-2026-12-23T09:00.coinlore.json`. Times are UTC.
struct Scenario: Sendable {
    struct Step: Sendable {
        var file: String
        var at: Date
        var suffix: String
        var data: Data
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    var steps: [Step]

    /// Reads `directory`'s recordings in name order; other files (a config, a golden file, notes)
    /// are left alone, but a `.json` file not named as a recording is an error, not skipped.
    static func read(_ directory: String, suffixes: Set<String>) throws(Problem) -> Scenario {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw Problem(description: "cannot read the scenario directory \(directory): \(error.localizedDescription)")
        }
        var steps: [Step] = []
        for name in names where name.hasSuffix(".json") {
            guard let (at, suffix) = parse(name) else {
                throw Problem(description: "\(directory)/\(name): a recording is named NNNN-YYYY-MM-DDTHH:MM.<feed>.json, such as 0001-2026-12-23T09:00.coinlore.json")
            }
            guard suffixes.contains(suffix) else {
                throw Problem(description: "\(directory)/\(name): no feed records '\(suffix)'; recordings: \(suffixes.sorted().joined(separator: ", "))")
            }
            guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
                throw Problem(description: "cannot read \(directory)/\(name)")
            }
            steps.append(Step(file: name, at: at, suffix: suffix, data: data))
        }
        guard !steps.isEmpty else { throw Problem(description: "\(directory) holds no recordings (NNNN-YYYY-MM-DDTHH:MM.<feed>.json)") }
        for (earlier, later) in zip(steps, steps.dropFirst()) where later.at < earlier.at {
            throw Problem(description: "\(directory)/\(later.file) stands for a time before \(earlier.file)'s: time only goes forward")
        }
        return Scenario(steps: steps)
    }

    /// The time and feed of a recording's name; `nil` for a name that is not one.
    static func parse(_ name: String) -> (Date, String)? {
        guard let match = name.wholeMatch(of: /\d+-(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)\.([a-z0-9_]+)\.json/) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = DateComponents(year: Int(match.1), month: Int(match.2), day: Int(match.3), hour: Int(match.4), minute: Int(match.5))
        guard calendar.date(from: parts).map({ calendar.dateComponents([.year, .month, .day, .hour, .minute], from: $0) == parts }) == true,
              let date = calendar.date(from: parts) else { return nil }
        return (date, String(match.6))
    }
}

/// A feed whose responses `notifier test` replays: one file of its API's response a step.
protocol RecordedFeed: FeedKind {
    /// The part of a recording's name that says it is this feed's: "coinlore".
    var recordingSuffix: String { get }
    /// One recorded response at `now`: what the rules decide, on the replay's private state.
    func replay(_ data: Data, now: Date, config: Config, state: inout ReplayState) -> [DecisionNote]
}

/// What a replay keeps between steps, in memory only: the engine's states, the outbox, and what
/// each feed remembers (prices for the trend and the move window).
struct ReplayState: Sendable {
    var engine: RuleEngine
    var outbox: Outbox
    var lastPrices: [String: Decimal]?
    var priceHistory: [String: [CryptoMoveRule.PricePoint]] = [:]
    /// Feeds whose last recording failed to decode, so their unknown state is noted once.
    var failing: Set<String> = []
    /// Replays are deterministic: times read in UTC, numbers in a fixed locale.
    static let locale = Locale(identifier: "en_US_POSIX")

    init(config: Config) {
        engine = RuleEngine()
        engine.timeZone = .gmt
        outbox = Outbox(quietHours: config.delivery.quietHours, rateLimit: Outbox.RateLimit(limit: config.delivery.rateLimitPerMinute, window: .seconds(60)))
        outbox.groupWindow = config.delivery.groupWindow
    }

    /// The engine's decision handed to the outbox as the dispatcher would, with what it did.
    mutating func deliver(_ decision: RuleEngine.Decision, now: Date) -> [DecisionNote] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        outbox.submit(decision.alerts, now: now)
        let plan = outbox.plan(now: now, calendar: calendar)
        let notes = plan.notes(from: outbox, now: now)
        outbox.confirm(plan)
        return decision.notes + notes
    }
}
