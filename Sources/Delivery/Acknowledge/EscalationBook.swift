import Foundation
import Logging
import NotifierCore
import NotifierEngine

/// Episodes that wait for an acknowledgement, as delivery keeps them: which alerts open one,
/// when the next escalation step falls due, and what the due steps tell. Opened as first
/// delivered, escalated step by step while nobody acknowledges, closed as resolved when their
/// subject resolves. The dispatcher records and sends what this decides.
package struct EscalationBook: Sendable {
    /// What a re-shown bubble's title adds.
    package static let repeatSuffix = " (not yet acknowledged)"

    /// Whether an alert waits for an acknowledgement, under what name, with what ladder.
    let acknowledgement: @Sendable (Alert) -> (name: String, policy: AcknowledgePolicy)?
    /// When the first escalation step falls due; `nil`: none waits.
    package private(set) var nextStep: Date?

    package init(acknowledgement: @escaping @Sendable (Alert) -> (name: String, policy: AcknowledgePolicy)?, store: Store?, logger: Logger) {
        self.acknowledgement = acknowledgement
        reload(store: store, logger: logger)
    }

    /// The next step as the store has it, after steps were told or episodes closed.
    package mutating func reload(store: Store?, logger: Logger) {
        nextStep = StoreProblems.attempt("the escalations", logger: logger) { try store?.nextEscalationStep() } ?? nil
    }

    package func isDue(now: Date) -> Bool { nextStep.map { $0 <= now } ?? false }

    /// Due alerts as shown: those that wait for an acknowledgement say so (their bubble offers
    /// Acknowledge).
    package func stamped(_ alert: Alert) -> Alert {
        guard acknowledgement(alert) != nil else { return alert }
        var stamped = alert
        stamped.acknowledgeable = true
        return stamped
    }

    /// The items that delivering `alerts` opens (the store skips episodes already open).
    package func opened(by alerts: [Alert], now: Date) -> [AcknowledgementItem] {
        alerts.compactMap { alert in
            guard let (name, policy) = acknowledgement(alert), alert.emission != .resolved else { return nil }
            var item = AcknowledgementItem(
                rule: alert.rule, subject: alert.identity, episode: alert.episode ?? now, name: name,
                title: alert.title.hasSuffix(Self.repeatSuffix) ? String(alert.title.dropLast(Self.repeatSuffix.count)) : alert.title,
                alert: alert, firstDelivered: now)
            item.nextStep = policy.ladder.nextDeadline(firstDelivered: now, stepsDone: 0)
            return item
        }
    }

    /// Once the items are stored: the wait is for their first step too.
    package mutating func stored(_ items: [AcknowledgementItem]) {
        for step in items.compactMap(\.nextStep) { nextStep = min(nextStep ?? step, step) }
    }

    /// What the open items whose deadline passed tell now: each item with its next deadline (to
    /// store), the steps to show again and send, and the notes saying so. An item whose step
    /// the config no longer has tells nothing and moves on.
    package func due(_ open: [AcknowledgementItem], now: Date) -> (items: [AcknowledgementItem], steps: [EscalationSend], notes: [DecisionNote]) {
        var items: [AcknowledgementItem] = []
        var steps: [EscalationSend] = []
        var notes: [DecisionNote] = []
        for var item in open {
            guard let step = item.nextStep, step <= now else { continue }
            let ladder = acknowledgement(item.alert)?.policy.ladder ?? EscalationLadder(steps: [])
            if let due = ladder.due(firstDelivered: item.firstDelivered, stepsDone: item.stepsDone, now: now) {
                var again = item.alert
                again.title = item.title + Self.repeatSuffix
                again.emission = .repeated
                again.value = nil
                again.acknowledgeable = true
                // The same episode: delivering it again opens no item of its own.
                again.episode = item.episode
                item.stepsDone = due.stepsDone
                item.nextStep = ladder.nextDeadline(firstDelivered: item.firstDelivered, stepsDone: item.stepsDone)
                steps.append(EscalationSend(item: item, alert: again, channels: due.channels))
                let reached = due.channels.isEmpty ? "shown again" : "shown again and sent to \(due.channels.joined(separator: ", "))"
                notes.append(
                    DecisionNote(
                        key: SubjectKey(rule: item.rule, subject: item.alert.subject ?? item.subject), at: now, outcome: .escalated,
                        detail: "not acknowledged since \(item.firstDelivered.formatted(.iso8601)): \(reached)"))
            } else {
                item.nextStep = ladder.nextDeadline(firstDelivered: item.firstDelivered, stepsDone: item.stepsDone)
            }
            items.append(item)
        }
        return (items, steps, notes)
    }

    /// The subjects that resolved in a submission: a record no longer firing, or a resolution
    /// told. Their open items are closed as resolved, their ladder stopped.
    package static func resolved(_ records: [SubjectKey: SubjectRecord], alerts: [Alert]) -> Set<SubjectKey> {
        var resolved = Set(alerts.filter { $0.emission == .resolved }.map { SubjectKey(rule: $0.rule, subject: $0.identity) })
        for (key, record) in records where record.anchor == nil {
            if case .firing = record.machine.state { continue }
            resolved.insert(key)
        }
        return resolved
    }
}

/// An escalation step as its channels get it.
package struct EscalationSend: Sendable {
    package var item: AcknowledgementItem
    package var alert: Alert
    package var channels: [String]
}
