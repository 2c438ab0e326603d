import Foundation

public struct HTTPRequest: Sendable {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
        case put = "PUT"
    }

    public var method: Method
    public var url: String
    public var headers: [(name: String, value: String)]
    public var body: Data?
    /// Hands back a non-2xx answer as a response instead of an error, for APIs whose error
    /// bodies say what to fix (a bad key, an unknown city). Limits and redirects still apply.
    public var returnsErrorResponses = false
    /// A JSON API's answer must be UTF-8 (RFC 8259); an image's need not.
    public var expectsJSON = true

    public init(method: Method, url: String, headers: [(name: String, value: String)] = [], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    public static func get(_ url: String, headers: [(name: String, value: String)] = []) -> HTTPRequest {
        HTTPRequest(method: .get, url: url, headers: headers, body: nil)
    }

    /// A POST whose body is `value` encoded as JSON.
    public static func postJSON<T: Encodable>(_ url: String, _ value: T, headers: [(name: String, value: String)] = []) throws -> HTTPRequest {
        let body = try JSONEncoder().encode(value)
        return HTTPRequest(method: .post, url: url, headers: headers + [("Content-Type", "application/json")], body: body)
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header names lowercased; of the final response after redirects.
    public var headers: [String: String]
    public var body: Data
    /// Connections this transfer had to open: 0 when it reused one.
    public var newConnections: Int = 0
    /// When the client had the whole answer: the reference for a `Retry-After` date when the
    /// server sent no `Date` (RFC 9110 10.2.3). The wall clock's, as the server's date is.
    public var received: Date = .distantPast

    /// `Retry-After` in seconds, in either form (RFC 9110 10.2.3); see `RetryAfter`.
    public var retryAfter: Int? {
        headers["retry-after"].flatMap { RetryAfter.seconds($0, responseDate: headers["date"], now: received) }
    }
}

public struct HTTPLimits: Sendable, Equatable {
    public var connectTimeout: Duration
    public var totalTimeout: Duration
    public var maxBodyBytes: Int
    public var maxRedirects: Int

    public init(
        connectTimeout: Duration = .seconds(5), totalTimeout: Duration = .seconds(10),
        maxBodyBytes: Int = 8 << 20, maxRedirects: Int = 5
    ) {
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
    }
}

extension Duration {
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
