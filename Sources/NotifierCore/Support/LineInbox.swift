import Foundation
import NotifierEngine
import NotifierSystem
import Synchronization

/// Lines handed over from the transfer's thread, taken in batches: what arrived together is
/// decided together.
package final class LineInbox: Sendable {
    private let pending = Mutex<[LineSplitter.Piece]>([])
    private let signal: AsyncStream<Void>.Continuation
    private let signals: AsyncStream<Void>

    package init() {
        (signals, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Always `true`: the reader never stops the stream itself.
    package func put(_ piece: LineSplitter.Piece) -> Bool {
        pending.withLock { $0.append(piece) }
        signal.yield()
        return true
    }

    package func close() { signal.finish() }

    private func takeAll() -> [LineSplitter.Piece] {
        pending.withLock { pieces in
            defer { pieces.removeAll() }
            return pieces
        }
    }

    /// Runs `reading` (a transfer that hands each line to `put`), and `take` on each batch as it
    /// comes, until the transfer ends; cancelling the caller cancels the transfer. The
    /// transfer's error, none once cancelled, and whether any line came.
    package static func drain(
        _ reading: @escaping @Sendable (LineInbox) async -> FeedError?, take: ([LineSplitter.Piece]) async -> Void
    ) async -> (error: FeedError?, heard: Bool) {
        let inbox = LineInbox()
        let reader = Task { () -> FeedError? in
            defer { inbox.close() }
            return await reading(inbox)
        }
        var heard = false
        for await batch in inbox.batches {
            heard = true
            await take(batch)
        }
        let error = await withTaskCancellationHandler {
            await reader.value
        } onCancel: {
            reader.cancel()
        }
        return (Task.isCancelled ? nil : error, heard)
    }

    package var batches: AsyncCompactMapSequence<AsyncStream<Void>, [LineSplitter.Piece]> {
        signals.compactMap { [self] _ in
            let batch = takeAll()
            return batch.isEmpty ? nil : batch
        }
    }
}
