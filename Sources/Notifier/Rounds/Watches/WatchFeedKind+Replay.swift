import Feeds
import Foundation
import Rules

/// What a watch remembers in a replay, as the store keeps it in a live run.
struct WatchReplayMemory: Sendable {
    var previous: WatchValue?
    var history: [(at: Date, value: Double)] = []
    var members: Set<String> = []
    var learnedMembers = false
    var selectorHealth = SelectorHealth()
}

/// `notifier test`'s replay of a watch's recorded responses (`0001-2026-12-23T09:00.watch-NAME.json`):
/// its selector over the recording, its conditions through the replay's engine.
extension WatchFeedKind: RecordedFeed {
    var recordingSuffixes: [String] { [] }

    static func recordingSuffix(_ name: String) -> String { "watch-\(name)" }

    func recordingSuffixes(with config: Config) -> [String] { config.watches.map { Self.recordingSuffix($0.name) } }

    func records(_ suffix: String, config: Config) -> Bool {
        config.watches.contains { Self.recordingSuffix($0.name) == suffix }
    }

    func replay(_ data: Data, suffix: String, now: Date, config: Config, state: inout ReplayState) -> [DecisionNote] {
        guard let watch = config.watches.first(where: { Self.recordingSuffix($0.name) == suffix }),
              let selector = try? WatchSelector(watch.select) else { return [] }
        let rule = watch.rule
        var memory = state.watches[watch.name] ?? WatchReplayMemory()
        var values: [WatchValue] = []
        switch selector.selectBlocking(data) {
        case .values(let selected): values = selected
        case .notJSON:
            // No data is no data: the first failure after data noted once.
            defer { state.watches[watch.name] = memory }
            guard state.failing.insert(suffix).inserted else { return [] }
            return state.engine.feedUnknownNotes(rules: [WatchRule.id], now: now)
        case .failed, .stopped: break
        }
        state.failing.remove(suffix)
        let first = values.first.flatMap { $0.isNothing ? nil : $0 }
        let usable = first.map { !rule.conditions.needsNumber || $0.number != nil } ?? false
        let fresh = values.filter { !$0.isNothing && !memory.members.contains($0.canonicalJSON) }
        var anchors: [String: Double] = [:]
        for (key, record) in state.engine.records where key.rule == WatchRule.id && key.subject.hasPrefix(watch.name + ":") {
            if let anchor = record.anchor { anchors[key.subject] = anchor }
        }
        let poll = WatchRule.Poll(values: usable || rule.conditions.appears ? values : [], previous: memory.previous, anchors: anchors,
                                  history: memory.history, newMembers: memory.learnedMembers ? fresh : [])
        let decision = state.engine.evaluate(rule.readings(poll, now: now), now: now)
        _ = memory.selectorHealth.record(matched: usable || (rule.conditions.appears && !fresh.isEmpty || !values.isEmpty && rule.conditions.appears))
        if usable, let first {
            memory.previous = first
            if let number = first.number { memory.history.append((now, number)) }
        }
        if rule.conditions.appears, !values.isEmpty {
            memory.members.formUnion(values.map(\.canonicalJSON))
            memory.learnedMembers = true
        }
        state.watches[watch.name] = memory
        return state.deliver(decision, now: now)
    }
}
