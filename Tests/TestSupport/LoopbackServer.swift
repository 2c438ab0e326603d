import FlyingFox
import FlyingSocks
import Foundation
import NotifierSystem
import Synchronization

/// A real HTTP server on 127.0.0.1 with a free port, started by a test and stopped by it. A
/// test can make it misbehave (`inject`) and heal it again on the same port.
public final class LoopbackServer: Sendable {
    public typealias Handler = @Sendable (FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse

    /// Ways a server fails, answered to every request instead of the routes while injected.
    public enum Fault: Sendable {
        /// This status and body, with these headers.
        case respond(status: HTTPStatusCode, headers: [HTTPHeader: String] = [:], body: Data = Data())
        /// Accepts the request and never answers (until healed).
        case neverAnswer
        /// Sends the status line, headers and the first half of `body`, then drops the connection.
        case cutMidBody(Data)
        /// Nothing listens on the port: connections are refused.
        case refuseConnections
    }

    private struct Running: Sendable {
        var server: HTTPServer?
        var task: Task<Void, any Error>?
    }

    private let routes: [(String, Handler)]
    private let running: Mutex<Running>
    private let faults: FaultState
    public let port: UInt16
    private let counter: RequestCounter

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `routes` are FlyingFox patterns such as `"GET /v3.1/all"`.
    public static func start(_ routes: [(String, Handler)]) async throws -> LoopbackServer {
        let counter = RequestCounter()
        let faults = FaultState()
        let (server, task, port) = try await listen(port: 0, routes: routes, counter: counter, faults: faults)
        return LoopbackServer(routes: routes, port: port, counter: counter, faults: faults, running: Running(server: server, task: task))
    }

    private init(routes: [(String, Handler)], port: UInt16, counter: RequestCounter, faults: FaultState, running: Running) {
        self.routes = routes
        self.port = port
        self.counter = counter
        self.faults = faults
        self.running = Mutex(running)
    }

    private static func listen(port: UInt16, routes: [(String, Handler)], counter: RequestCounter, faults: FaultState) async throws
        -> (HTTPServer, Task<Void, any Error>, UInt16)
    {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), timeout: 30, logger: .disabled)
        for (route, handler) in routes {
            await server.appendRoute(HTTPRoute(stringLiteral: route)) { request in
                await counter.record(request.path)
                if let response = try await faults.response() { return response }
                return try await handler(request)
            }
        }
        let task = Task { try await server.run() }
        // FlyingFox's own bound (5 s) is missed when a full suite loads two cores: a readiness
        // wait, so a generous one.
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port) = await server.listeningAddress else {
            throw CocoaError(.featureUnsupported)
        }
        return (server, task, port)
    }

    private func startListening() async throws {
        let (server, task, _) = try await Self.listen(port: port, routes: routes, counter: counter, faults: faults)
        running.withLock { $0 = Running(server: server, task: task) }
    }

    private func stopListening() async {
        let current = running.withLock { running -> Running in
            defer { running = Running() }
            return running
        }
        // No grace period: the client under test keeps its connections alive, and FlyingFox
        // would wait out the whole grace for them (a second a server) before cancelling anyway.
        await current.server?.stop(timeout: 0)
        current.task?.cancel()
        _ = await current.task?.result
    }

    /// Makes every request fail in this way from now on; `nil` heals the server, listening again
    /// on the same port where it refused connections.
    public func inject(_ fault: Fault?) async throws {
        let wasRefusing = faults.set(fault)
        let refusing = faults.isRefusing
        if refusing && !wasRefusing { await stopListening() }
        if wasRefusing && !refusing { try await startListening() }
    }

    /// How many requests reached each path.
    public func requests(to path: String) async -> Int {
        await counter.counts[path, default: 0]
    }

    /// Every path requested, in order.
    public var requestLog: [String] {
        get async { await counter.log }
    }

    /// How many requests reached each path, every path.
    public func requests() async -> [String: Int] {
        await counter.counts
    }

    public func stop() async {
        try? await inject(nil)
        await stopListening()
    }

    public static func json(_ data: Data, status: HTTPStatusCode = .ok, headers: [HTTPHeader: String] = [:]) -> FlyingFox.HTTPResponse {
        var all = HTTPHeaders()
        all[.contentType] = "application/json"
        for (name, value) in headers { all[name] = value }
        return FlyingFox.HTTPResponse(statusCode: status, headers: all, body: data)
    }
}

/// The injected fault, read by every route.
private final class FaultState: Sendable {
    private let fault = Mutex<LoopbackServer.Fault?>(nil)
    /// Requests held by `.neverAnswer`, released when the fault changes.
    private let held = Mutex<[CheckedContinuation<Void, Never>]>([])

    var isRefusing: Bool {
        if case .refuseConnections? = fault.withLock({ $0 }) { return true }
        return false
    }

    /// Sets the fault; returns whether the previous one refused connections.
    func set(_ newFault: LoopbackServer.Fault?) -> Bool {
        let wasRefusing = isRefusing
        fault.withLock { $0 = newFault }
        for request in held.withLock({ held in
            defer { held = [] }
            return held
        }) { request.resume() }
        return wasRefusing
    }

    func response() async throws -> FlyingFox.HTTPResponse? {
        switch fault.withLock({ $0 }) {
        case nil, .refuseConnections?:
            return nil
        case .respond(let status, let headers, let body)?:
            var all = HTTPHeaders()
            for (name, value) in headers { all[name] = value }
            return FlyingFox.HTTPResponse(statusCode: status, headers: all, body: body)
        case .neverAnswer?:
            // Held until the fault changes; then the connection is dropped without an answer.
            await withCheckedContinuation { continuation in held.withLock { $0.append(continuation) } }
            throw CutOff()
        case .cutMidBody(let body)?:
            var headers = HTTPHeaders()
            headers[.contentType] = "application/json"
            return FlyingFox.HTTPResponse(
                statusCode: .ok, headers: headers,
                body: HTTPBodySequence(from: CutOffBody(data: body.prefix(body.count / 2)), count: body.count))
        }
    }
}

private struct CutOff: Error {}

/// A body that ends in an error after the bytes it has: the server drops the connection with
/// the declared length unmet.
private struct CutOffBody: AsyncBufferedSequence {
    typealias Element = UInt8
    let data: Data

    struct Iterator: AsyncBufferedIteratorProtocol {
        var remaining: Data
        mutating func next() async throws -> UInt8? {
            guard let byte = remaining.first else { throw CutOff() }
            remaining = remaining.dropFirst()
            return byte
        }

        mutating func nextBuffer(suggested count: Int) async throws -> Data? {
            guard !remaining.isEmpty else { throw CutOff() }
            let chunk = remaining.prefix(count)
            remaining = remaining.dropFirst(chunk.count)
            return Data(chunk)
        }
    }

    func makeAsyncIterator() -> Iterator { Iterator(remaining: data) }
}

private actor RequestCounter {
    var counts: [String: Int] = [:]
    var log: [String] = []
    func record(_ path: String) {
        counts[path, default: 0] += 1
        log.append(path)
    }
}

/// The captured API responses in `Tests/Fixtures` (provenance: its README).
public enum Samples {
    public static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["NOTIFIER_SAMPLES"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// The package's root folder.
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
