import Foundation
import Logging
import NotifierCore
import NotifierEngine

/// The delivery history past `[history] delivery_days`, pruned in small batches off the
/// delivery path: each batch one short transaction, a pause between batches so that a pass's
/// writes wait for at most one. The daemon runs it as a task of its own, every six hours; a
/// `--once` after its pass, a few batches (a store a year behind is caught up over runs).
package struct HistoryPruner: Sendable {
    /// Rows per batch: a few milliseconds of writing, the search index's included.
    package static let batch = 500
    package static let pause = Duration.milliseconds(20)
    package static let every = Duration.seconds(6 * 3600)

    package let store: Store
    package let keepDays: Int
    package let clock: any Clock<Duration>
    package let logger: Logger

    package init(store: Store, keepDays: Int, clock: any Clock<Duration>, logger: Logger) {
        self.store = store
        self.keepDays = keepDays
        self.clock = clock
        self.logger = logger
    }

    package func cutoff(now: Date) -> Date {
        now.addingTimeInterval(-Double(keepDays) * 86400)
    }

    /// Batches until none is older than the cutoff, or `batches` of them; the rows deleted.
    package func prune(now: Date, batches: Int = .max) async -> Int {
        var total = 0
        for _ in 0..<batches where !Task.isCancelled {
            let deleted: Int
            do {
                deleted = try store.pruneDeliveries(before: cutoff(now: now), limit: Self.batch)
            } catch {
                logger.warning("\(error); the history is pruned again later")
                break
            }
            total += deleted
            if deleted < Self.batch { break }
            try? await clock.sleep(for: Self.pause)
        }
        if total > 0 { logger.debug("history: \(total) deliveries older than \(keepDays) days pruned") }
        return total
    }

    /// Once now and then every six hours, until cancelled: it keeps whole days, so more often
    /// would only wake an idle daemon.
    package func pruneForever(now: @escaping @Sendable () -> Date) async {
        while !Task.isCancelled {
            _ = await prune(now: now())
            try? await clock.sleep(for: Self.every)
        }
    }
}
