import Foundation
import NotifierSystem

/// A feed's requests: the client's failures as `FeedError`s, which name the feed, the request
/// and the setting to check (`urlKey`, the key its URL was written under).
extension HTTPClient {
    public func send(_ request: HTTPRequest, feed: String, urlKey: String = "base_url") async throws(FeedError) -> HTTPResponse {
        do {
            return try await send(request)
        } catch {
            throw FeedError(error, context: RequestContext(feed: feed, method: request.method.rawValue, url: request.url, urlKey: urlKey))
        }
    }

    /// `readLines` (see there) for a feed's stream.
    public func readLines(
        _ request: HTTPRequest, feed: String, urlKey: String = "base_url", maxLineBytes: Int, idleTimeout: Duration,
        onPiece: @escaping @Sendable (LineSplitter.Piece) -> Bool
    ) async throws(FeedError) -> HTTPResponse {
        do {
            return try await readLines(request, maxLineBytes: maxLineBytes, idleTimeout: idleTimeout, onPiece: onPiece)
        } catch {
            throw FeedError(error, context: RequestContext(feed: feed, method: request.method.rawValue, url: request.url, urlKey: urlKey))
        }
    }
}

extension FeedError {
    /// The client's failure for the request `context` describes.
    public init(_ failure: HTTPFailure, context: RequestContext) {
        switch failure {
        case .invalidURL: self = .invalidURL(context)
        case .timedOut(let seconds): self = .timedOut(context, seconds: seconds)
        case .cannotResolve(let host): self = .cannotResolve(context, host: host)
        case .cannotConnect(let detail): self = .cannotConnect(context, detail: detail)
        case .tls(let detail): self = .tls(context, detail: detail)
        case .httpStatus(let status, let retryAfter): self = .httpStatus(context, status: status, retryAfter: retryAfter)
        case .bodyTooLarge(let limit): self = .bodyTooLarge(context, limit: limit)
        case .tooManyRedirects(let limit): self = .tooManyRedirects(context, limit: limit)
        case .insecureRedirect: self = .insecureRedirect(context)
        case .transport(let detail): self = .transport(context, detail: detail)
        case .notUTF8: self = .decoding(context, detail: "the body is not valid UTF-8")
        case .duplicateKey(let key): self = .decoding(context, detail: "an object holds the key \(FeedText.quoted(key)) twice, so its value is unknown")
        case .cancelled: self = .cancelled(context)
        }
    }
}
