import Foundation
import NotifierCore
import NotifierEngine

/// Machines with one config acting as one (`[sync]`): an episode goes to the phone from the
/// machine that claimed it first, and one acknowledged elsewhere before it was delivered here
/// is closed as soon as it opens.
extension Dispatcher {
    /// Who sends `alert` to the channels: without `[sync]`, or for an alert without an
    /// episode (nothing two machines would name alike), this machine.
    package func claimChannels(_ alert: Alert, now: Date) async -> ClaimVerdict {
        guard let sync, let id = SyncLink.episodeID(alert) else { return .unclaimed }
        return await sync.claim(id, publisher: elsewhere.syncTopic, now: now)
    }

    /// Items this delivery opened that the topic already said were acknowledged (the phone's
    /// button, or another machine, while this one had not delivered them yet).
    package func acknowledgedElsewhere(_ opened: [AcknowledgementItem], now: Date) async {
        guard let sync, let store, !opened.isEmpty else { return }
        let keys = Set(opened.map(\.key))
        let open = StoreProblems.attempt("the acknowledgements", logger: logger) { try store.openAcknowledgements() } ?? []
        let acknowledger = Acknowledger(store: store, sink: sink, elsewhere: elsewhere, channels: channels, logger: logger, sync: nil)
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
        nextEscalation = StoreProblems.attempt("the escalations", logger: logger) { try store.nextEscalationStep() } ?? nil
    }
}

extension Config {
    /// The channels as delivery uses them: with `[sync]`, an ntfy channel's message for an
    /// episode that waits for an acknowledgement offers the phone's Acknowledge button (with the
    /// proof the key gives it, where there is one).
    package func channels(acknowledgingVia link: SyncLink?) -> [ChannelSettings] {
        guard let link else { return channels }
        return channels.map { channel in
            var channel = channel
            if channel.kind == .ntfy {
                channel.acknowledgeVia = link.settings.ntfy
                channel.acknowledgeSeal = link.seal
            }
            return channel
        }
    }
}
