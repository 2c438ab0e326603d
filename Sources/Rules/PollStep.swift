import Foundation

/// A poll of the engine under way (`RuleEngine.evaluate(now:stoppedLongerThan:expecting:stepping:)`).
/// A reading handed over in its parts is stepped at once where its record lies: a quiet one is
/// never made into a `SubjectReading`, kept in an array and freed, which took about a fifth of
/// a poll of 10,000 coins (docs/performance.md). Whole arrays are stepped as
/// `evaluate(groups:)` steps them. Both walk the records in the order the last poll left them,
/// and decide alike.
public struct PollStep: ReadingSink {
    /// The engine being stepped, for as long as `evaluate` runs `body`.
    private let engine: UnsafeMutablePointer<RuleEngine>
    private let rules: RuleEngine
    private let now: Date
    private let gap: TimeInterval?
    var walk = PollWalk()
    var scattered = 0
    var decision = RuleEngine.Decision(alerts: [], changed: [], muted: [])

    init(engine: UnsafeMutablePointer<RuleEngine>, rules: RuleEngine, now: Date, gap: TimeInterval?, expecting count: Int) {
        self.engine = engine
        self.rules = rules
        self.now = now
        self.gap = gap
        decision.changedSlots.reserveCapacity(count)
    }

    public mutating func take(
        key: SubjectKey, signal: Threshold.Signal?, shownValue: String, kind: ReadingKind, deeperValue: Double?, deeperMargin: Double,
        place: Int
    ) {
        engine.pointee.step(
            key: key, signal: signal, shownValue: shownValue, kind: kind, deeperValue: deeperValue, deeperMargin: deeperMargin, place: place,
            rules: rules, now: now, gap: gap, walk: &walk, scattered: &scattered, decision: &decision)
    }

    /// A rule's readings made whole (a rule without a sink of its own, or one poll's few).
    public mutating func take(_ readings: [SubjectReading]) {
        engine.pointee.step(readings, rules: rules, now: now, gap: gap, walk: &walk, scattered: &scattered, decision: &decision)
    }
}

extension RuleEngine {
    /// One reading handed over in its parts: stepped where its record lies if that is right
    /// after the walk's last, else found by its key or made (`findAndStep`).
    mutating func step(
        key: SubjectKey, signal: Threshold.Signal?, shownValue: String, kind: ReadingKind, deeperValue: Double?, deeperMargin: Double,
        place: Int, rules: RuleEngine, now: Date, gap: TimeInterval?, walk: inout PollWalk, scattered: inout Int, decision: inout Decision
    ) {
        let next = (walk.last ?? -1) + 1
        // Subscripted where it lies: with the table's buffers taken for each reading, `perf`
        // showed their retains and releases in this step.
        if next < table.count, table.keys[next] == key {
            walk.append(next)
            if rules.step(
                &table.values[next], key: key, signal: signal, shownValue: shownValue, kind: kind, deeperValue: deeperValue,
                deeperMargin: deeperMargin, place: place, now: now, stoppedLongerThan: gap, decision: &decision)
            {
                decision.changedSlots.append(next)
            }
            return
        }
        var reading = SubjectReading(
            key: key, signal: signal, shownValue: shownValue, kind: kind, deeperValue: deeperValue, deeperMargin: deeperMargin, place: place)
        findAndStep(&reading, rules: rules, now: now, gap: gap, walk: &walk, scattered: &scattered, decision: &decision)
    }
}
