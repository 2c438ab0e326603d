import Foundation

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

    public func fetch(
        url: String, shownURL: String, headers: [(name: String, value: String)], etag: String?, lastModified: String?,
        feed: String
    ) async -> Result<WatchFetch, FeedError> {
        var request = HTTPRequest.get(url, headers: headers)
        if let etag { request.headers.append(("If-None-Match", etag)) }
        if let lastModified { request.headers.append(("If-Modified-Since", lastModified)) }
        request.returnsErrorResponses = true
        let context = RequestContext(feed: feed, method: "GET", url: shownURL)
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

/// A local program run as an argv (never a shell), stdin from /dev/null, with a time limit and
/// a limit on its output; a status other than 0 is a failed poll, told with its stderr's first line.
public struct WatchCommandSource: Sendable {
    public var timeout: Duration
    public var maxOutputBytes: Int

    public init(timeout: Duration = .seconds(10), maxOutputBytes: Int = 8 << 20) {
        self.timeout = timeout
        self.maxOutputBytes = maxOutputBytes
    }

    public func run(_ argv: [String], feed: String, environment: [String: String] = ProcessInfo.processInfo.environment) async -> Result<Data, FeedError> {
        let context = RequestContext(feed: feed, method: "RUN", url: argv.joined(separator: " "))
        guard let program = argv.first, let path = Self.locate(program, environment: environment) else {
            return .failure(.transport(context, detail: "cannot run \(argv.first ?? "nothing"): no such program (on PATH)"))
        }
        let timeout = timeout
        let limit = maxOutputBytes
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: Self.runBlocking(path: path, arguments: Array(argv.dropFirst()), timeout: timeout, limit: limit, context: context))
            }
            thread.name = "notifier-command"
            thread.start()
        }
    }

    static func locate(_ program: String, environment: [String: String]) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        for directory in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    private static func runBlocking(path: String, arguments: [String], timeout: Duration, limit: Int, context: RequestContext) -> Result<Data, FeedError> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            return .failure(.transport(context, detail: "cannot run \(path): \(error.localizedDescription)"))
        }
        let pid = process.processIdentifier
        let collected = BoundedCollector(limit: limit)
        let stderrCollected = BoundedCollector(limit: 64 << 10)
        let readers = DispatchGroup()
        for (pipe, collector) in [(output, collected), (errors, stderrCollected)] {
            readers.enter()
            Thread {
                let handle = pipe.fileHandleForReading
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    if !collector.append(chunk), collector === collected { kill(pid, SIGKILL) }
                }
                readers.leave()
            }.start()
        }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let timedOut = finished.wait(timeout: .now() + seconds) == .timedOut
        if timedOut {
            kill(pid, SIGKILL)
            finished.wait()
        }
        // A grandchild holding the pipes open must not hold this thread: a short grace, then on.
        _ = readers.wait(timeout: .now() + 1)
        if timedOut { return .failure(.timedOut(context, seconds: max(1, Int(seconds)))) }
        if collected.exceeded { return .failure(.bodyTooLarge(context, limit: limit)) }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let firstLine = String(decoding: stderrCollected.data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            let how =
                process.terminationReason == .exit ? "exited with status \(process.terminationStatus)" : "was killed by signal \(process.terminationStatus)"
            return .failure(.transport(context, detail: firstLine.isEmpty ? how : "\(how): \(FeedText.quoted(firstLine, limit: 200))"))
        }
        return .success(collected.data)
    }
}

/// Bytes from a pipe up to a limit, appended from a reader thread and read after it is done.
private final class BoundedCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()
    private(set) var exceeded = false
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// `false` once past the limit.
    func append(_ chunk: Data) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard bytes.count + chunk.count <= limit else {
            exceeded = true
            return false
        }
        bytes.append(chunk)
        return true
    }

    var data: Data {
        lock.lock()
        defer { lock.unlock() }
        return bytes
    }
}
