/// Every way a transfer can fail, as the client knows it: without the feed or the setting the
/// request came from, which the caller adds to say what to fix.
public enum HTTPFailure: Error, Sendable, Equatable {
    case invalidURL
    case timedOut(seconds: Int)
    case cannotResolve(host: String)
    case cannotConnect(detail: String)
    case tls(detail: String)
    case httpStatus(status: Int, retryAfter: Int?)
    case bodyTooLarge(limit: Int)
    case tooManyRedirects(limit: Int)
    /// A redirect to a protocol the request may not follow (https never downgrades to http).
    case insecureRedirect
    case transport(detail: String)
    /// A JSON answer that is no JSON to believe: not UTF-8.
    case notUTF8
    /// A JSON answer with an object that holds `key` twice (`JSONDuplicateKeys`).
    case duplicateKey(String)
    case cancelled
}
