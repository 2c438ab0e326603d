import CCurl
import Foundation
import Synchronization

/// A small HTTP client on libcurl. Each transfer runs on a thread of its own, so a slow server
/// never holds one of Swift's cooperative threads; finished easy handles go back to a pool
/// per host so the next poll of that host reuses the open connection.
public final class HTTPClient: Sendable {
    /// notifier's one version: `notifier --version`, the User-Agent, the Debian package's.
    public static let version = "0.1.0"

    public let limits: HTTPLimits
    public let userAgent: String
    /// Idle handles by host, behind a pthread mutex (`NSLock`) rather than `Synchronization.Mutex`:
    /// on Linux that one is a bare futex, which ThreadSanitizer cannot see, so every handle taken
    /// was reported as a race (and `halt_on_error` stopped the daemon under test).
    private let poolLock = NSLock()
    nonisolated(unsafe) private var pool: [String: [IdleHandle]] = [:]
    private static let maxIdleHandlesPerHost = 4
    /// How long curl reuses an idle connection (`CURLOPT_MAXAGE_CONN`'s default): a handle idle
    /// longer holds a connection curl will not use again, and its buffers.
    public static let connectionReuseAge: Duration = .seconds(118)

    private struct IdleHandle {
        let handle: EasyHandle
        let since: ContinuousClock.Instant
    }

    public init(limits: HTTPLimits = HTTPLimits(), userAgent: String = "notifier/\(HTTPClient.version)") {
        self.limits = limits
        self.userAgent = userAgent
    }

    deinit {
        withPool { hosts in
            for idle in hosts.values.joined() { ccurl_easy_cleanup(idle.handle.raw) }
            hosts.removeAll()
        }
    }

    /// Cleans up the handles idle for longer than curl reuses a connection: a host polled hours
    /// apart would otherwise keep a handle's buffers all the while. Returns how many went.
    @discardableResult
    public func closeStaleConnections(now: ContinuousClock.Instant = .now) -> Int {
        let stale = withPool { hosts -> [EasyHandle] in
            var stale: [EasyHandle] = []
            for (key, idle) in hosts {
                var fresh: [IdleHandle] = []
                for entry in idle {
                    if now - entry.since > Self.connectionReuseAge { stale.append(entry.handle) } else { fresh.append(entry) }
                }
                hosts[key] = fresh.isEmpty ? nil : fresh
            }
            return stale
        }
        for handle in stale { ccurl_easy_cleanup(handle.raw) }
        return stale.count
    }

    /// Loads libcurl now, ahead of a request whose latency counts; a failure is left for that
    /// request to report.
    package static func loadLibrary() {
        _ = ccurl_load_library()
    }

    public func send(_ request: HTTPRequest) async throws(HTTPFailure) -> HTTPResponse {
        try await send(request, lineReader: nil)
    }

    /// `send`, or with `lineReader` the body handed on line by line as it arrives (`HTTPClient+Lines`).
    func send(_ request: HTTPRequest, lineReader: LineReader?) async throws(HTTPFailure) -> HTTPResponse {
        if let failure = ccurl_load_library() {
            throw .transport(detail: "cannot load libcurl (\(String(cString: failure))): install libcurl4")
        }
        guard let target = URLComponents(string: request.url), let scheme = target.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = target.host, !host.isEmpty
        else { throw .invalidURL }
        let poolKey = "\(scheme)://\(host):\(target.port ?? -1)"
        let transfer = Transfer(request: request, limits: limits, userAgent: userAgent, secure: scheme == "https")
        transfer.lineReader = lineReader
        return try await run(transfer, poolKey: poolKey)
    }

    private func run(_ transfer: Transfer, poolKey: String) async throws(HTTPFailure) -> HTTPResponse {
        let handle = takeHandle(for: poolKey)
        let outcome: Result<HTTPResponse, HTTPFailure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                KeptThreads.shared.run(name: "notifier-http") {
                    continuation.resume(returning: transfer.perform(on: handle))
                }
            }
        } onCancel: {
            transfer.cancel()
        }
        returnHandle(handle, for: poolKey)
        return try outcome.get()
    }

    private func takeHandle(for key: String) -> EasyHandle {
        if let idle = withPool({ $0[key]?.popLast() }) { return idle.handle }
        return EasyHandle(raw: ccurl_easy_init())
    }

    private func returnHandle(_ handle: EasyHandle, for key: String) {
        let kept = withPool { hosts -> Bool in
            guard hosts[key, default: []].count < Self.maxIdleHandlesPerHost else { return false }
            hosts[key, default: []].append(IdleHandle(handle: handle, since: .now))
            return true
        }
        if !kept { ccurl_easy_cleanup(handle.raw) }
    }

    private func withPool<T>(_ body: (inout [String: [IdleHandle]]) -> T) -> T {
        poolLock.lock()
        defer { poolLock.unlock() }
        return body(&pool)
    }
}

/// A curl easy handle; used by one transfer at a time, which the pool guarantees.
final class EasyHandle: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer?
    init(raw: UnsafeMutableRawPointer?) { self.raw = raw }
}

/// One transfer's state, reached from curl's callbacks through `userdata`.
final class Transfer: @unchecked Sendable {
    let request: HTTPRequest
    let limits: HTTPLimits
    let userAgent: String
    let secure: Bool
    private let cancelled = Atomic<Bool>(false)
    // Touched only by the transfer's own thread.
    var body = Data()
    var headers: [String: String] = [:]
    var exceededLimit = false
    /// A stream's reader: the body is not kept, each line handed on; `nil` for a whole answer.
    var lineReader: LineReader?
    /// The status of the response being received, from its status line.
    var status = 0

    init(request: HTTPRequest, limits: HTTPLimits, userAgent: String, secure: Bool) {
        self.request = request
        self.limits = limits
        self.userAgent = userAgent
        self.secure = secure
    }

    func cancel() { cancelled.store(true, ordering: .relaxed) }
    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    func perform(on handle: EasyHandle) -> Result<HTTPResponse, HTTPFailure> {
        guard let curl = handle.raw else { return .failure(.transport(detail: "libcurl could not start a transfer")) }
        ccurl_easy_reset(curl) // keeps the handle's open connections and DNS cache
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { ccurl_slist_free_all(headerList) }
        for header in request.headers {
            headerList = ccurl_slist_append(headerList, "\(header.name): \(header.value)")
        }
        headerList = ccurl_slist_append(headerList, "Accept: application/json")

        let me = Unmanaged.passUnretained(self).toOpaque()
        ccurl_setopt_string(curl, CURLOPT_URL, request.url)
        ccurl_setopt_long(curl, CURLOPT_NOSIGNAL, 1)
        ccurl_setopt_string(curl, CURLOPT_PROTOCOLS_STR, "http,https")
        // Redirects may never downgrade an https request to http.
        ccurl_setopt_string(curl, CURLOPT_REDIR_PROTOCOLS_STR, secure ? "https" : "http,https")
        ccurl_setopt_long(curl, CURLOPT_FOLLOWLOCATION, 1)
        ccurl_setopt_long(curl, CURLOPT_MAXREDIRS, limits.maxRedirects)
        ccurl_setopt_long(curl, CURLOPT_SSL_VERIFYPEER, 1)
        ccurl_setopt_long(curl, CURLOPT_SSL_VERIFYHOST, 2)
        ccurl_setopt_long(curl, CURLOPT_CONNECTTIMEOUT_MS, limits.connectTimeout.milliseconds)
        if let lineReader {
            // A stream lasts as long as it lasts; one that goes silent past its keepalives is dead.
            ccurl_setopt_long(curl, CURLOPT_TIMEOUT_MS, 0)
            ccurl_setopt_long(curl, CURLOPT_LOW_SPEED_LIMIT, 1)
            ccurl_setopt_long(curl, CURLOPT_LOW_SPEED_TIME, max(1, lineReader.idleTimeout.milliseconds / 1000))
        } else {
            ccurl_setopt_long(curl, CURLOPT_TIMEOUT_MS, limits.totalTimeout.milliseconds)
            ccurl_setopt_offset(curl, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maxBodyBytes))
        }
        ccurl_setopt_string(curl, CURLOPT_ACCEPT_ENCODING, "gzip, deflate")
        ccurl_setopt_string(curl, CURLOPT_USERAGENT, userAgent)
        ccurl_setopt_headers(curl, headerList)
        ccurl_setopt_write_function(curl, transferWriteBody)
        ccurl_setopt_pointer(curl, CURLOPT_WRITEDATA, me)
        ccurl_setopt_header_function(curl, transferWriteHeader)
        ccurl_setopt_pointer(curl, CURLOPT_HEADERDATA, me)
        ccurl_setopt_xferinfo_function(curl, transferProgress)
        ccurl_setopt_pointer(curl, CURLOPT_XFERINFODATA, me)
        ccurl_setopt_long(curl, CURLOPT_NOPROGRESS, 0)
        if request.method != .get {
            ccurl_setopt_long(curl, CURLOPT_POST, 1)
            // A PUT with a body is a POST under another verb (CURLOPT_UPLOAD would want a reader).
            if request.method != .post { ccurl_setopt_string(curl, CURLOPT_CUSTOMREQUEST, request.method.rawValue) }
            let payload = request.body ?? Data()
            ccurl_setopt_offset(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(payload.count))
            payload.withUnsafeBytes { bytes in
                // COPYPOSTFIELDS copies now, so the buffer need not outlive this call.
                _ = ccurl_setopt_pointer(curl, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(me)))
            }
        }

        let code = ccurl_easy_perform(curl)
        var status = 0
        ccurl_getinfo_long(curl, CURLINFO_RESPONSE_CODE, &status)
        var redirects = 0
        ccurl_getinfo_long(curl, CURLINFO_REDIRECT_COUNT, &redirects)

        if code != CURLE_OK {
            if code == CURLE_WRITE_ERROR, lineReader?.stopped == true { return .failure(.cancelled) }
            return .failure(error(for: code, redirects: redirects))
        }
        if (200..<300).contains(status) { lineReader?.finish() }
        var connections = 0
        ccurl_getinfo_long(curl, CURLINFO_NUM_CONNECTS, &connections)
        let response = HTTPResponse(status: status, headers: headers, body: body, newConnections: connections, received: Date())
        guard (200..<300).contains(status) || request.returnsErrorResponses else {
            return .failure(.httpStatus(status: status, retryAfter: response.retryAfter))
        }
        // Every feed speaks JSON, which is UTF-8 (RFC 8259): bytes that are not are a broken
        // answer, even where they sit in a field no decoder reads.
        guard !request.expectsJSON || String(validating: body, as: UTF8.self) != nil else {
            return .failure(.notUTF8)
        }
        if request.expectsJSON, let key = JSONDuplicateKeys.first(in: body) {
            return .failure(.duplicateKey(key))
        }
        return .success(response)
    }

    private func error(for code: CURLcode, redirects: Int) -> HTTPFailure {
        let detail = String(cString: ccurl_easy_strerror(code))
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(seconds: max(1, limits.totalTimeout.milliseconds / 1000))
        case CURLE_COULDNT_RESOLVE_HOST:
            return .cannotResolve(host: URLComponents(string: request.url)?.host ?? request.url)
        case CURLE_COULDNT_CONNECT:
            return .cannotConnect(detail: "connection refused or unreachable")
        case CURLE_FILESIZE_EXCEEDED:
            return .bodyTooLarge(limit: limits.maxBodyBytes)
        case CURLE_WRITE_ERROR where exceededLimit:
            return .bodyTooLarge(limit: limits.maxBodyBytes)
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects(limit: limits.maxRedirects)
        case CURLE_UNSUPPORTED_PROTOCOL where redirects > 0:
            return .insecureRedirect
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE:
            return .tls(detail: detail)
        default:
            return .transport(detail: "failed: \(detail)")
        }
    }

    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let lineReader {
            // An error answer's body is no stream of lines: not handed on.
            return (200..<300).contains(status) ? lineReader.take(bytes) : true
        }
        guard body.count + bytes.count <= limits.maxBodyBytes else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    func headerLine(_ line: String) {
        if line.hasPrefix("HTTP/") {
            headers.removeAll() // a new response after a redirect
            status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        headers[name] = value
    }
}

private func transferWriteBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?) -> Int {
    guard let userdata else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue()
    let length = size * count
    guard length > 0, let data else { return length }
    // Returning less than `length` makes curl stop with CURLE_WRITE_ERROR.
    return transfer.append(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private func transferWriteHeader(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?) -> Int {
    guard let userdata, let data else { return 0 }
    let length = size * count
    let transfer = Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue()
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    transfer.headerLine(line)
    return length
}

private func transferProgress(_ userdata: UnsafeMutableRawPointer?, _: curl_off_t, _: curl_off_t, _: curl_off_t, _: curl_off_t) -> Int32 {
    guard let userdata else { return 0 }
    return Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue().isCancelled ? 1 : 0
}
