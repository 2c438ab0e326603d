import Foundation
import NotifierCore
import NotifierEngine

extension Dispatcher {
    /// The alerts of muted rules the engine does not decide, held back here as the engine holds
    /// its own; with the notes saying so, and saying what passed.
    func gateMuted(_ alerts: [Alert], now: Date) -> (alerts: [Alert], notes: [DecisionNote]) {
        guard alerts.contains(where: { outsideTheEngine.contains($0.rule) }) else { return (alerts, []) }
        let mutes = StoreProblems.attempt("reading the mutes", logger: logger) { try store?.loadSilences().mutes } ?? nil
        let gate = MuteGate.apply(alerts, outsideTheEngine: outsideTheEngine, mutes: mutes ?? [:], now: now, timeZone: calendar.timeZone)
        for note in gate.notes where note.outcome == .muted {
            logger.info("\(note.key.rule) \(note.key.subject): \(note.detail)")
        }
        return (gate.passed, gate.notes)
    }
}
