import Foundation
import Synchronization

/// A stream read line by line (ntfy's JSON stream, one message a line): each complete line is
/// handed on as it arrives, on the transfer's thread; nothing is kept but the line being read,
/// and a line over the bound is dropped as it passes (`LineSplitter`).
extension HTTPClient {
    /// Reads `request`'s body line by line until the server ends it, `onPiece` returns `false`,
    /// the task is cancelled (`HTTPFailure.cancelled`), or nothing arrives for `idleTimeout`. A
    /// line cut off by the connection's end is not handed on: it comes again where the reader
    /// resumes. The response has the status and headers, and no body.
    public func readLines(
        _ request: HTTPRequest, maxLineBytes: Int, idleTimeout: Duration,
        onPiece: @escaping @Sendable (LineSplitter.Piece) -> Bool
    ) async throws(HTTPFailure) -> HTTPResponse {
        var streamed = request
        streamed.expectsJSON = false
        return try await send(streamed, lineReader: LineReader(maxLineBytes: maxLineBytes, idleTimeout: idleTimeout, onPiece: onPiece))
    }
}

/// The splitter and the receiver of one transfer; touched only by that transfer's thread.
final class LineReader: @unchecked Sendable {
    let idleTimeout: Duration
    private var splitter: LineSplitter
    private let onPiece: @Sendable (LineSplitter.Piece) -> Bool
    private(set) var stopped = false

    init(maxLineBytes: Int, idleTimeout: Duration, onPiece: @escaping @Sendable (LineSplitter.Piece) -> Bool) {
        self.idleTimeout = idleTimeout
        splitter = LineSplitter(maxBytes: maxLineBytes)
        self.onPiece = onPiece
    }

    /// `false` to stop the transfer (the receiver asked to).
    func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !stopped else { return false }
        splitter.feed(bytes) { piece in
            if !stopped, !onPiece(piece) { stopped = true }
        }
        return !stopped
    }

    func finish() {
        guard !stopped else { return }
        splitter.finish { piece in _ = onPiece(piece) }
    }
}
