import Foundation
import NotifierEngine

/// What one round decided, handed on in one piece: the alerts to show, the rule states that
/// decided them (kept with the deliveries, never after them), the subjects it forgets and its
/// decision notes.
package struct RoundDecisions: Sendable {
    package var alerts: [Alert]
    package var records: [SubjectKey: SubjectRecord]
    package var forgotten: [SubjectKey]
    package var notes: [DecisionNote]

    package init(alerts: [Alert], records: [SubjectKey: SubjectRecord] = [:], forgotten: [SubjectKey] = [], notes: [DecisionNote] = []) {
        self.alerts = alerts
        self.records = records
        self.forgotten = forgotten
        self.notes = notes
    }
}

/// The one way a feed's alerts leave it. A feed hands its round's decisions here and never sees
/// what takes them (the dispatcher of the delivery layer, or a test's).
package protocol AlertDelivery: Sendable {
    func submit(_ decisions: RoundDecisions, now: Date) async
}

extension AlertDelivery {
    package func submit(
        _ alerts: [Alert], records: [SubjectKey: SubjectRecord] = [:], forgetting forgotten: [SubjectKey] = [], notes: [DecisionNote] = [], now: Date
    ) async {
        await submit(RoundDecisions(alerts: alerts, records: records, forgotten: forgotten, notes: notes), now: now)
    }
}
