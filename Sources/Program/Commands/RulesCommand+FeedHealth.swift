import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

extension RulesCommand {
    /// A rule's line: its name, what it does, and its mute.
    static func heading(_ rule: any Rule.Type, engine: RuleEngine, now: Date, style: TerminalStyle) -> String {
        let muted = engine.isMuted(rule.id, now: now)
        let until = engine.mutes[rule.id].map { $0 == .distantFuture ? "" : " until \(RelativeTime.iso($0))" } ?? ""
        return style.bold(rule.id) + "  \(rule.summary)" + (muted ? "  [muted\(until)]" : "") + "\n"
    }

    /// The program's own rule: its subjects are the feeds and watches that have polled, each
    /// with its health in the home screen's words.
    static func feedHealthText(
        store: Store?, config: Config, feeds: [any FeedKind], engine: RuleEngine, latest: [SubjectKey: DecisionNote], now: Date,
        style: TerminalStyle
    ) -> String {
        var text = heading(FeedHealthRule.self, engine: engine, now: now, style: style)
        let names = store.flatMap { try? $0.feedsWithHealth() } ?? []
        if names.isEmpty { text += "  no subjects yet\n" }
        for name in names {
            text += "  \(name)  \(FeedReport.load(name: name, store: store, config: config, feeds: feeds).healthLine)\n"
            if let note = latest[SubjectKey(rule: FeedHealthRule.id, subject: name)] {
                text += "    last decision \(NoteText.line(note, now: now, timeZone: .current))\n"
            }
        }
        return text
    }
}
