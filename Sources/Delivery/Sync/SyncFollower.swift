import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Reads the `[sync]` topic and applies what it says: an acknowledgement from the phone or
/// another machine closes the episode here (its bubble, its ladder) as a click would. The
/// daemon keeps the stream open (`GET <topic>/json?since=<cursor>`), reconnecting from the
/// cursor after 1 s doubling to a minute while it fails; `--once` asks `poll=1` as its pass
/// begins. The cursor moves past a message once what it says is kept.
package struct SyncFollower: Sendable {
    package let link: SyncLink
    package let acknowledger: Acknowledger
    package let clock: any Clock<Duration>
    package let now: @Sendable () -> Date

    package static let backoff = Backoff(base: .seconds(1), maximum: .seconds(60))
    /// ntfy sends a keepalive every 45 s: a stream silent this long is dead.
    package static let idleTimeout: Duration = .seconds(120)

    package var logger: Logger { link.logger }

    /// `--once`: what came since the last look, applied before the pass decides anything.
    package func pollOnce() async {
        prune()
        if let error = await read(poll: true, idleTimeout: .seconds(30)).error { logger.warning("[sync] \(error)") }
    }

    /// The daemon's reading, until cancelled.
    package func followForever(seed: UInt64?) async {
        var random = SeededGenerator(seed: seed ?? UInt64.random(in: 1...UInt64.max))
        var failures = 0
        prune()
        while !Task.isCancelled {
            let (error, heard) = await read(poll: false, idleTimeout: Self.idleTimeout)
            guard !Task.isCancelled else { return }
            if error == nil || heard {
                if failures > 0 { logger.info("[sync] reading the topic again") }
                failures = 0
            } else {
                failures += 1
            }
            // A server down for a while is said once, not at each attempt.
            if let error { failures <= 1 ? logger.warning("[sync] \(error)") : logger.debug("[sync] \(error)") }
            let wait = Self.backoff.delay(
                afterConsecutiveFailures: max(1, failures), retryAfter: error.retryAfter, normalInterval: .seconds(1), random: &random)
            try? await clock.sleep(for: wait)
        }
    }

    /// Reads the topic once (`poll=1`, or the stream until it ends); whether any line came.
    package func read(poll: Bool, idleTimeout: Duration) async -> (error: FeedError?, heard: Bool) {
        let cursor = StoreProblems.attempt("the sync cursor", logger: logger) { try link.store.syncCursor() } ?? nil
        // The first look reads what the topic still holds: claims and acknowledgements of
        // episodes that may be open here too.
        let query = (poll ? [URLQueryItem(name: "poll", value: "1")] : []) + [URLQueryItem(name: "since", value: cursor ?? "all")]
        return await LineInbox.drain(
            { [link] inbox in
                await link.topic.read(link.settings, query: query, idleTimeout: idleTimeout) { piece in inbox.put(piece) }
            }, take: take)
    }

    /// One batch of lines: kept, the acknowledgements applied, then the cursor moved.
    package func take(_ batch: [LineSplitter.Piece]) async {
        let now = now()
        let (acknowledgements, last) = link.take(batch, now: now)
        await apply(acknowledgements, now: now)
        if let last { _ = StoreProblems.attempt("the sync cursor", logger: logger) { try link.store.saveSyncCursor(last) } }
    }

    /// Acknowledges the open episodes each acknowledgement names; one for an episode not open
    /// here (not yet delivered, or closed) waits in the store for it.
    package func apply(_ acknowledgements: [SyncMessage], now: Date) async {
        guard !acknowledgements.isEmpty else { return }
        let open = StoreProblems.attempt("the acknowledgements", logger: logger) { try link.store.openAcknowledgements() } ?? []
        for message in acknowledgements {
            let named = SyncID(message.id)
            let items = open.filter { SyncID(SyncLink.episodeID($0)).matches(named) }
            guard !items.isEmpty else {
                logger.debug("[sync] \(message.by) acknowledged \(message.id), which is not open here")
                continue
            }
            do {
                try await acknowledger.acknowledge(items, by: message.by, now: now, tell: false)
            } catch {
                logger.error("\(error)")
            }
        }
    }

    /// What was seen more than a week ago: its episodes are long decided.
    private func prune() {
        _ = StoreProblems.attempt("the sync messages", logger: logger) { try link.store.pruneSyncSeen(before: now().addingTimeInterval(-7 * 86400)) }
    }
}

extension SyncFollower {
    /// `nil` without `[sync]` or a store.
    package static func make(
        config: Config, store: Store?, sink: any AlertSink, elsewhere: Elsewhere, clock: any Clock<Duration>, now: @escaping @Sendable () -> Date,
        logger: Logger
    ) -> SyncFollower? {
        guard let store, let link = SyncLink.make(config.sync, store: store, logger: logger) else { return nil }
        let acknowledger = Acknowledger.made(by: config, store: store, sink: sink, elsewhere: elsewhere, logger: logger)
        return SyncFollower(link: link, acknowledger: acknowledger, clock: clock, now: now)
    }
}
