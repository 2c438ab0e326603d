import Foundation
import Logging
import NotifierEngine

/// The engine's rule states, in memory for the process and committed with each poll's alerts.
package actor StoredEngine {
    private var engine: RuleEngine

    private let store: Store?

    /// `updatesBubbles`: `[delivery] update_in_place`, whether deeper moves update bubbles.
    /// `timeZone`: where the notes' times are read (a replay's scenario zone; else the user's).
    package init(store: Store?, logger: Logger, updatesBubbles: Bool = true, timeZone: TimeZone = .current) {
        self.store = store
        do {
            engine = try store?.loadEngine() ?? RuleEngine()
        } catch {
            logger.error("\(error); rule states start over")
            engine = RuleEngine()
        }
        engine.updatesBubbles = updatesBubbles
        engine.timeZone = timeZone
    }

    /// The rules evaluated since this engine (a process, a daemon generation) started.
    private var evaluatedRules: Set<String> = []

    /// Steps the machines; returns the alerts, the records that changed and why (the notes).
    /// `interval`: the feed's; on a rule's first poll after a start, a subject last observed
    /// more than twice that long ago changed while notifier was not running, and says so.
    package func decide(_ readings: [SubjectReading], now: Date, interval: Duration? = nil)
        async -> (alerts: [Alert], changed: [SubjectKey: SubjectRecord], notes: [DecisionNote])
    {
        await decide(groups: [readings], now: now, interval: interval)
    }

    /// `decide` of the rules' readings, a group each, as one poll.
    package func decide(groups: [[SubjectReading]], now: Date, interval: Duration? = nil)
        async -> (alerts: [Alert], changed: [SubjectKey: SubjectRecord], notes: [DecisionNote])
    {
        // A rule's readings come together: one set insertion for each run of them.
        var rules: Set<String> = []
        for readings in groups {
            var last: String?
            for reading in readings where reading.key.rule != last {
                last = reading.key.rule
                rules.insert(reading.key.rule)
            }
        }
        let count = groups.reduce(0) { $0 + $1.count }
        let decided = decide(rules: rules, now: now, interval: interval, expecting: count) { step in
            for readings in groups { step.take(readings) }
        }
        return (decided.alerts, decided.changed, decided.notes)
    }

    /// `decide` of a poll whose rules hand their readings to the engine's step as they make them
    /// (`ReadingSink`); `rules`: the rules that hand it readings. Returns what `body` returns too.
    package func decide<Result: Sendable>(
        rules: Set<String>, now: Date, interval: Duration?, expecting count: Int, stepping body: @Sendable (inout PollStep) -> Result
    ) -> (alerts: [Alert], changed: [SubjectKey: SubjectRecord], notes: [DecisionNote], result: Result) {
        if let silences = try? store?.loadSilences() {
            (engine.mutes, engine.snoozes) = silences
        }
        let firstAfterStart = !rules.isSubset(of: evaluatedRules)
        evaluatedRules.formUnion(rules)
        let gap = firstAfterStart ? interval.map { 2 * Double($0.components.seconds) } : nil
        var result: Result?
        let decision = engine.evaluate(now: now, stoppedLongerThan: gap, expecting: count) { step in result = body(&step) }
        return (decision.alerts, engine.changedRecords(decision), decision.notes, result!)
    }

    /// A poll's failure (`failed`): on the feed's first after data (no failures in a row
    /// before it), its rules' known subjects noted unknown from now; later failures, nothing.
    package func unknownNotes(rules: Set<String>, failed: Bool, failuresBefore: Int, now: Date) -> [DecisionNote] {
        guard failed, failuresBefore == 0 else { return [] }
        return engine.feedUnknownNotes(rules: rules, now: now)
    }

    package var knownKeys: [SubjectKey] { engine.subjectKeys }

    /// One subject's record (a reminder's last look, `lastEvaluated`).
    package func record(_ key: SubjectKey) -> SubjectRecord? { engine.record(for: key) }

    package func forget(where isGone: (SubjectKey) -> Bool) -> [SubjectKey] {
        engine.forget(where: isGone)
    }

    /// The anchors of one rule's subjects, for rules that measure change since the last notification.
    package func anchors(rule: String) -> [SubjectKey: Double] {
        var anchors: [SubjectKey: Double] = [:]
        for (key, record) in engine.records where key.rule == rule {
            if let anchor = record.anchor { anchors[key] = anchor }
        }
        return anchors
    }
}
