import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// What one fetch of a watch's source brought.
public enum WatchFetch: Sendable, Equatable {
    /// A body, and the validators to send next time.
    case fresh(Data, etag: String?, lastModified: String?)
    /// 304 Not Modified: a healthy poll, the value as before.
    case unchanged
}

/// A watch's URL through the shared libcurl client (its limits: time, size, redirects), with
/// conditional requests. Errors carry `shownURL` (references, never the secrets they resolve to).
public struct WatchHTTPSource: Sendable {
    public let http: HTTPClient

    public init(http: HTTPClient) {
        self.http = http
    }

    /// Where the person wrote a watch's URL, for an error's hint: the entry's `url`.
    public static let urlKey = "url"

    public func fetch(
        url: String, shownURL: String, headers: [(name: String, value: String)], etag: String?, lastModified: String?,
        feed: String
    ) async -> Result<WatchFetch, FeedError> {
        var request = HTTPRequest.get(url, headers: headers)
        if let etag { request.headers.append(("If-None-Match", etag)) }
        if let lastModified { request.headers.append(("If-Modified-Since", lastModified)) }
        request.returnsErrorResponses = true
        let context = RequestContext(feed: feed, method: "GET", url: shownURL, urlKey: Self.urlKey)
        do {
            let response = try await http.send(request, feed: feed)
            switch response.status {
            case 304: return .success(.unchanged)
            case 200..<300:
                return .success(.fresh(response.body, etag: response.headers["etag"], lastModified: response.headers["last-modified"]))
            default:
                return .failure(.httpStatus(context, status: response.status, retryAfter: response.retryAfter))
            }
        } catch {
            return .failure(error.replacingContext(context))
        }
    }
}

extension FeedError {
    /// The same failure told with another request context (the URL as the user wrote it).
    public func replacingContext(_ c: RequestContext) -> FeedError {
        switch self {
        case .invalidURL: return .invalidURL(c)
        case .timedOut(_, let seconds): return .timedOut(c, seconds: seconds)
        case .cannotResolve(_, let host): return .cannotResolve(c, host: host)
        case .cannotConnect(_, let detail): return .cannotConnect(c, detail: detail)
        case .tls(_, let detail): return .tls(c, detail: detail)
        case .httpStatus(_, let status, let retryAfter): return .httpStatus(c, status: status, retryAfter: retryAfter)
        case .bodyTooLarge(_, let limit): return .bodyTooLarge(c, limit: limit)
        case .tooManyRedirects(_, let limit): return .tooManyRedirects(c, limit: limit)
        case .insecureRedirect: return .insecureRedirect(c)
        case .transport(_, let detail): return .transport(c, detail: detail)
        case .decoding(_, let detail): return .decoding(c, detail: detail)
        case .service(_, let message): return .service(c, message: message)
        case .cancelled: return .cancelled(c)
        }
    }
}
