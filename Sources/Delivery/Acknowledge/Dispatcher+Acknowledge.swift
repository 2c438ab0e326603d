import Foundation
import NotifierCore
import NotifierEngine

/// Episodes that wait for an acknowledgement: opened as first delivered, escalated step by
/// step while nobody acknowledges, closed as resolved when their subject resolves.
extension Dispatcher {
    /// What a re-shown bubble's title adds.
    package static let repeatSuffix = " (not yet acknowledged)"

    /// Due alerts as shown: those that wait for an acknowledgement say so (their bubble offers
    /// Acknowledge).
    package func stampedForAcknowledgement(_ alert: Alert) -> Alert {
        guard acknowledgement(alert) != nil else { return alert }
        var stamped = alert
        stamped.acknowledgeable = true
        return stamped
    }

    /// The items that delivering `alerts` opens (the store skips episodes already open).
    package func acknowledgementsOpened(by alerts: [Alert], now: Date) -> [AcknowledgementItem] {
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

    /// Called once the items are stored: the timer wakes for their first step.
    package func acknowledgementsStored(_ items: [AcknowledgementItem]) {
        for step in items.compactMap(\.nextStep) { nextEscalation = min(nextEscalation ?? step, step) }
    }

    /// Tells the steps that are due: each recorded as told (with the outbox that holds its
    /// bubble) before anything is sent, so a crash loses a step rather than telling it twice.
    /// The bubble goes through the outbox as any alert (quiet hours and do-not-disturb hold it);
    /// the steps returned go to their channels once the desktop is told (`sendToChannels`),
    /// do-not-disturb or not: they are where a person who must not miss it asked to be reached.
    package func escalateDue(now: Date) async -> [EscalationSend] {
        guard let store, let next = nextEscalation, next <= now else { return [] }
        let open = StoreProblems.attempt("the escalations", logger: logger) { try store.openAcknowledgements() } ?? []
        // Every item whose deadline passed (its next deadline stored), and what it tells: a
        // step's bubble and channels, or nothing where the config no longer has the step.
        var told: [(item: AcknowledgementItem, step: (alert: Alert, channels: [String])?)] = []
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
                told.append((item, (again, due.channels)))
                let reached = due.channels.isEmpty ? "shown again" : "shown again and sent to \(due.channels.joined(separator: ", "))"
                notes.append(
                    DecisionNote(
                        key: SubjectKey(rule: item.rule, subject: item.alert.subject ?? item.subject), at: now, outcome: .escalated,
                        detail: "not acknowledged since \(item.firstDelivered.formatted(.iso8601)): \(reached)"))
            } else {
                item.nextStep = ladder.nextDeadline(firstDelivered: item.firstDelivered, stepsDone: item.stepsDone)
                told.append((item, nil))
            }
        }
        let steps = told.compactMap { told in told.step.map { EscalationSend(item: told.item, alert: $0.alert, channels: $0.channels) } }
        submitAgain(steps.map(\.alert), now: now)
        do {
            try store.recordSteps(told.map(\.item), outbox: outboxForSteps, notes: notes, now: now)
        } catch {
            logger.error("\(error); the escalation steps wait for the store")
            return []
        }
        nextEscalation = StoreProblems.attempt("the escalations", logger: logger) { try store.nextEscalationStep() } ?? nil
        for step in steps { logger.info("escalated \(step.item.rule) \(step.item.name): not acknowledged") }
        return steps
    }

    /// An escalation step as its channels get it.
    package struct EscalationSend: Sendable {
        var item: AcknowledgementItem
        var alert: Alert
        var channels: [String]
    }

    /// Sends each step to its channels (unless another machine claimed the episode first).
    package func sendToChannels(_ steps: [EscalationSend], now: Date) async {
        for step in steps {
            if !step.channels.isEmpty, case .theirs(let by) = await claimChannels(step.alert, now: now) {
                logger.info(
                    "\(step.item.rule) \(step.item.name): not sent to \(step.channels.joined(separator: ", ")): \(by) claimed it first on the sync topic")
                continue
            }
            for name in step.channels {
                guard let channel = channels.first(where: { $0.name == name }) else { continue }
                if case .failure(let failure) = await sendToChannel(step.alert, channel, now: now) {
                    keepForLater(ChannelParcel(channel: name, alert: step.alert, failedAt: now, error: failure.description))
                }
            }
        }
    }

    /// Open items of subjects that resolved (a record no longer firing, or a resolution told):
    /// closed as resolved, their ladder stopped.
    package func resolveAcknowledgements(_ records: [SubjectKey: SubjectRecord], alerts: [Alert], now: Date) {
        guard let store, !records.isEmpty || alerts.contains(where: { $0.emission == .resolved }) else { return }
        var resolved = Set(alerts.filter { $0.emission == .resolved }.map { SubjectKey(rule: $0.rule, subject: $0.identity) })
        for (key, record) in records where record.anchor == nil {
            if case .firing = record.machine.state { continue }
            resolved.insert(key)
        }
        guard !resolved.isEmpty else { return }
        let open = StoreProblems.attempt("the acknowledgements", logger: logger) { try store.openAcknowledgements() } ?? []
        let ids = open.filter { resolved.contains($0.key) || resolved.contains(SubjectKey(rule: $0.rule, subject: $0.alert.subject ?? "")) }.map(\.id)
        guard !ids.isEmpty else { return }
        _ = StoreProblems.attempt("the acknowledgements", logger: logger) {
            try store.closeAcknowledgements(ids: ids, as: .resolved, by: "its subject resolved", now: now)
        }
        nextEscalation = StoreProblems.attempt("the escalations", logger: logger) { try store.nextEscalationStep() } ?? nil
    }
}
