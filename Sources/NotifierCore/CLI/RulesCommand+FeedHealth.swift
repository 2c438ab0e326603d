import Foundation
import NotifierEngine

extension RulesCommand {
    /// A rule's line: its name, what it does, and its mute.
    static func heading(_ rule: any Rule.Type, engine: RuleEngine, now: Date, style: TerminalStyle) -> String {
        let muted = engine.isMuted(rule.id, now: now)
        let until = engine.mutes[rule.id].map { $0 == .distantFuture ? "" : " until \(RelativeTime.iso($0))" } ?? ""
        return style.bold(rule.id) + "  \(rule.summary)" + (muted ? "  [muted\(until)]" : "") + "\n"
    }

    /// The program's own rule: its subjects are the feeds and watches that have polled, each
    /// with its run of failures as stored.
    static func feedHealthText(store: Store?, engine: RuleEngine, latest: [SubjectKey: DecisionNote], now: Date, style: TerminalStyle) -> String {
        var text = heading(FeedHealthRule.self, engine: engine, now: now, style: style)
        let states = store.flatMap { try? $0.allFeedHealth() } ?? []
        if states.isEmpty { text += "  no subjects yet\n" }
        for state in states {
            let health = state.health
            let last = state.lastError.map { "; the last: \($0)" } ?? ""
            let line =
                if let since = health.degradedSince {
                    "failing since \(RelativeTime.iso(since)), \(health.consecutiveFailures) polls in a row\(last)"
                } else if health.consecutiveFailures > 0 {
                    "\(health.consecutiveFailures) failed in a row, tells at \(max(1, health.degradedAfter))\(last)"
                } else {
                    "polls succeed"
                }
            text += "  \(state.feed)  \(line)\n"
            if let note = latest[SubjectKey(rule: FeedHealthRule.id, subject: state.feed)] {
                text += "    last decision \(NoteText.line(note, now: now, timeZone: .current))\n"
            }
        }
        return text
    }
}
