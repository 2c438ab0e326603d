import Foundation
import Logging
import NotifierCore
import NotifierEngine

/// Acknowledges open episodes: the state stored first (by whom, when), then every copy
/// notifier knows closed: the bubble on this desktop by its stored id, the phone's ntfy message
/// by its sequence id; with `[sync]`, the other machines are told. Used by a click in the
/// daemon, by `notifier ack` and by an acknowledgement read from the sync topic alike.
package struct Acknowledger: Sendable {
    package let store: Store
    package let sink: any AlertSink
    /// The channels whose messages it clears, and the topic it tells.
    package let elsewhere: Elsewhere
    package let channels: [ChannelSettings]
    package let logger: Logger
    /// How the other machines hear of it (with `[sync]`, `SyncLink.tellingOthers`); `nil`
    /// without, or where they told this one.
    package var tellOthers: (@Sendable ([AcknowledgementItem]) async -> Void)?

    package init(
        store: Store, sink: any AlertSink, elsewhere: Elsewhere, channels: [ChannelSettings], logger: Logger,
        tellOthers: (@Sendable ([AcknowledgementItem]) async -> Void)? = nil
    ) {
        self.store = store
        self.sink = sink
        self.elsewhere = elsewhere
        self.channels = channels
        self.logger = logger
        self.tellOthers = tellOthers
    }

    /// Who acknowledged: this desktop, the command, the phone (`SyncMessage.phone`) or another
    /// machine by its name.
    package static let thisDesktop = "this desktop"
    package static let command = "notifier ack"

    /// Acknowledges `items` (those still open); returns those this call closed. `tell`: whether
    /// the other machines are told (not when they told this one).
    @discardableResult
    package func acknowledge(_ items: [AcknowledgementItem], by whom: String, now: Date, tell: Bool = true) async throws(StoreError) -> [AcknowledgementItem] {
        guard !items.isEmpty else { return [] }
        let closed = try store.closeAcknowledgements(ids: items.map(\.id), as: .acknowledged, by: whom, now: now)
        guard !closed.isEmpty else { return [] }
        let bubbles = StoreProblems.attempt("the bubble ids", logger: logger) { try store.bubbles() } ?? [:]
        let messages = StoreProblems.attempt("the channels' messages", logger: logger) { try store.channelMessages() } ?? [:]
        let clearing = ChannelClearing(poster: elsewhere.channels, channels: channels, store: store, logger: logger)
        var forget: [SubjectKey] = []
        for item in closed {
            logger.info("acknowledged \(item.rule) \(item.name) by \(whom)")
            if let bubble = bubbles[item.key] {
                await sink.close(bubble: bubble.id)
                forget.append(item.key)
            }
            await clearing.clear(messages[item.key] ?? [:], of: item.key)
        }
        if !forget.isEmpty { _ = StoreProblems.attempt("the bubble ids", logger: logger) { try store.forgetBubbles(forget, now: now) } }
        // Told once every copy here is closed: the network may take its time.
        if tell, let tellOthers { await tellOthers(closed) }
        return closed
    }

    /// What a click on a bubble acknowledges: the open episodes of its subject.
    package func acknowledge(clicked target: ClickTarget, now: Date) async {
        do {
            let open = try store.openAcknowledgements().filter { $0.rule == target.rule && ($0.subject == target.subject || $0.alert.key == target.key) }
            try await acknowledge(open, by: Self.thisDesktop, now: now)
        } catch {
            logger.error("\(error)")
        }
    }
}
