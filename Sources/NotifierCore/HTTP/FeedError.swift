import Foundation
import NotifierEngine
import NotifierSystem

/// What a request was, for messages a user can act on.
public struct RequestContext: Sendable, Equatable {
    public var feed: String
    public var method: String
    /// The URL with secrets masked: safe for logs.
    public var url: String
    /// The config key the person wrote the URL under, for a hint, as the request's maker says
    /// it: a feed's `base_url` unless it says another (an ntfy topic's `ntfy`, a watch's `url`).
    public var urlKey: String

    public init(feed: String, method: String, url: String, urlKey: String = "base_url") {
        self.feed = feed
        self.method = method
        self.url = Redaction.maskSecrets(in: url)
        self.urlKey = urlKey
    }
}

/// Every way fetching a feed can fail. Each message names the feed, the request and the cause.
public enum FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidURL(RequestContext)
    case timedOut(RequestContext, seconds: Int)
    case cannotResolve(RequestContext, host: String)
    case cannotConnect(RequestContext, detail: String)
    case tls(RequestContext, detail: String)
    case httpStatus(RequestContext, status: Int, retryAfter: Int?)
    case bodyTooLarge(RequestContext, limit: Int)
    case tooManyRedirects(RequestContext, limit: Int)
    case insecureRedirect(RequestContext)
    case transport(RequestContext, detail: String)
    case decoding(RequestContext, detail: String)
    /// The service answered with an error of its own (bad key, bad request).
    case service(RequestContext, message: String)
    case cancelled(RequestContext)

    public var context: RequestContext {
        switch self {
        case .invalidURL(let c), .timedOut(let c, _), .cannotResolve(let c, _), .cannotConnect(let c, _),
            .tls(let c, _), .httpStatus(let c, _, _), .bodyTooLarge(let c, _), .tooManyRedirects(let c, _),
            .insecureRedirect(let c), .transport(let c, _), .decoding(let c, _), .service(let c, _),
            .cancelled(let c):
            return c
        }
    }

    public var cause: String {
        switch self {
        case .invalidURL: return "is not a valid http(s) URL"
        case .timedOut(_, let seconds): return "timed out after \(seconds) s"
        case .cannotResolve(let context, let host): return "cannot resolve host '\(host)' (offline, or a typo in \(context.urlKey)?)"
        case .cannotConnect(_, let detail): return "cannot connect: \(detail)"
        case .tls(_, let detail): return "TLS failed: \(detail)"
        case .httpStatus(_, let status, let retryAfter):
            let retry = retryAfter.map { ", retry after \($0) s" } ?? ""
            return "answered HTTP \(status)\(retry)"
        case .bodyTooLarge(_, let limit): return "response is larger than the \(limit / 1024) KiB limit"
        case .tooManyRedirects(_, let limit): return "more than \(limit) redirects"
        case .insecureRedirect(let context) where context.url.lowercased().hasPrefix("https:"):
            return "refused a redirect to a protocol it may not follow (https never downgrades to http): is \(context.urlKey) right?"
        case .insecureRedirect(let context): return "refused a redirect to a protocol other than http or https: is \(context.urlKey) right?"
        case .transport(_, let detail): return detail
        case .decoding(_, let detail): return "unexpected response: \(detail)"
        case .service(_, let message): return message
        case .cancelled: return "cancelled"
        }
    }

    public var description: String {
        let c = context
        return "\(c.feed) feed: \(c.method) \(c.url) \(cause)"
    }

    /// The cause in a failure as stored (its `description`, a feed's last error), without the
    /// feed and the request before it, for a line too narrow for all three; other text as is.
    public static func cause(inStored text: String) -> String {
        guard let start = text.range(of: " feed: ") else { return text }
        let parts = text[start.upperBound...].split(separator: " ", maxSplits: 2)
        return parts.count == 3 ? String(parts[2]) : text
    }
}
