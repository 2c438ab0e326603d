import Foundation
import NotifierCore
import NotifierEngine

/// Episodes that wait for an acknowledgement, as the dispatcher records and sends what
/// `EscalationBook` decides; with `[sync]`, an episode goes to the phone from the machine that
/// claimed it first, and one acknowledged elsewhere before it was delivered here is closed as
/// soon as it opens.
extension Dispatcher {
    /// Tells the steps that are due: each recorded as told (with the outbox that holds its
    /// bubble) before anything is sent, so a crash loses a step rather than telling it twice.
    /// The bubble goes through the outbox as any alert (quiet hours and do-not-disturb hold it);
    /// the steps returned go to their channels once the desktop is told (`sendToChannels`),
    /// do-not-disturb or not: they are where a person who must not miss it asked to be reached.
    func escalateDue(now: Date) async -> [EscalationSend] {
        guard let store, escalations.isDue(now: now) else { return [] }
        let open = StoreProblems.attempt("the escalations", logger: logger) { try store.openAcknowledgements() } ?? []
        let due = escalations.due(open, now: now)
        submitAgain(due.steps.map(\.alert), now: now)
        do {
            try store.recordSteps(due.items, outbox: outboxForSteps, notes: due.notes, now: now)
        } catch {
            logger.error("\(error); the escalation steps wait for the store")
            return []
        }
        escalations.reload(store: store, logger: logger)
        for step in due.steps { logger.info("escalated \(step.item.rule) \(step.item.name): not acknowledged") }
        return due.steps
    }

    /// Sends each step to its channels (unless another machine claimed the episode first).
    func sendToChannels(_ steps: [EscalationSend], now: Date) async {
        for step in steps {
            if !step.channels.isEmpty, case .theirs(let by) = await claimChannels(step.alert, now: now) {
                logger.info(
                    "\(step.item.rule) \(step.item.name): not sent to \(step.channels.joined(separator: ", ")): \(by) claimed it first on the sync topic")
                continue
            }
            for name in step.channels {
                guard let channel = channelBook.channel(name) else { continue }
                if case .failure(let failure) = await sendToChannel(step.alert, channel, now: now) {
                    channelBook.keepForLater(
                        ChannelParcel(channel: name, alert: step.alert, failedAt: now, error: failure.description), store: store, logger: logger)
                }
            }
        }
    }

    /// Open items of subjects that resolved: closed as resolved, their ladder stopped.
    func resolveAcknowledgements(_ records: [SubjectKey: SubjectRecord], alerts: [Alert], now: Date) {
        guard let store, !records.isEmpty || alerts.contains(where: { $0.emission == .resolved }) else { return }
        let resolved = EscalationBook.resolved(records, alerts: alerts)
        guard !resolved.isEmpty else { return }
        let open = StoreProblems.attempt("the acknowledgements", logger: logger) { try store.openAcknowledgements() } ?? []
        let ids = open.filter { resolved.contains($0.key) || resolved.contains(SubjectKey(rule: $0.rule, subject: $0.alert.subject ?? "")) }.map(\.id)
        guard !ids.isEmpty else { return }
        _ = StoreProblems.attempt("the acknowledgements", logger: logger) {
            try store.closeAcknowledgements(ids: ids, as: .resolved, by: "its subject resolved", now: now)
        }
        escalations.reload(store: store, logger: logger)
    }

    /// Who sends `alert` to the channels: without `[sync]`, or for an alert without an
    /// episode (nothing two machines would name alike), this machine.
    func claimChannels(_ alert: Alert, now: Date) async -> ClaimVerdict {
        guard let sync, let id = SyncLink.episodeID(alert) else { return .unclaimed }
        return await sync.claim(id, publisher: elsewhere.syncTopic, now: now)
    }

    /// Items this delivery opened that the topic already said were acknowledged (the phone's
    /// button, or another machine, while this one had not delivered them yet).
    func acknowledgedElsewhere(_ opened: [AcknowledgementItem], now: Date) async {
        guard let sync, let store, !opened.isEmpty else { return }
        let keys = Set(opened.map(\.key))
        let open = StoreProblems.attempt("the acknowledgements", logger: logger) { try store.openAcknowledgements() } ?? []
        let acknowledger = Acknowledger(store: store, sink: sink, elsewhere: elsewhere, channels: channelBook.channels, logger: logger)
        for item in open where keys.contains(item.key) {
            let id = SyncLink.episodeID(item)
            let seen = StoreProblems.attempt("the sync acknowledgements", logger: logger) { try store.syncAcknowledgements(near: id, notFrom: sync.instance) }
            guard let ack = seen?.first(where: { SyncID($0.id).matches(SyncID(id)) }) else { continue }
            do {
                try await acknowledger.acknowledge([item], by: ack.by, now: now, tell: false)
            } catch {
                logger.error("\(error)")
            }
        }
        escalations.reload(store: store, logger: logger)
    }
}
