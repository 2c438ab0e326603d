import FlyingFox
import Foundation

/// A real HTTP server on 127.0.0.1 with a free port, started by a test and stopped by it.
public final class LoopbackServer: Sendable {
    public typealias Handler = @Sendable (FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse

    private let server: HTTPServer
    private let task: Task<Void, any Error>
    public let port: UInt16
    private let counter: RequestCounter

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `routes` are FlyingFox patterns such as `"GET /v3.1/all"`.
    public static func start(_ routes: [(String, Handler)]) async throws -> LoopbackServer {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
        let counter = RequestCounter()
        for (route, handler) in routes {
            await server.appendRoute(HTTPRoute(stringLiteral: route)) { request in
                await counter.record(request.path)
                return try await handler(request)
            }
        }
        let task = Task { try await server.run() }
        try await server.waitUntilListening()
        guard case .ip4(_, let port) = await server.listeningAddress else {
            throw CocoaError(.featureUnsupported)
        }
        return LoopbackServer(server: server, task: task, port: port, counter: counter)
    }

    private init(server: HTTPServer, task: Task<Void, any Error>, port: UInt16, counter: RequestCounter) {
        self.server = server
        self.task = task
        self.port = port
        self.counter = counter
    }

    /// How many requests reached each path.
    public func requests(to path: String) async -> Int {
        await counter.counts[path, default: 0]
    }

    /// How many requests reached each path, every path.
    public func requests() async -> [String: Int] {
        await counter.counts
    }

    public func stop() async {
        await server.stop(timeout: 1)
        task.cancel()
    }

    public static func json(_ data: Data, status: HTTPStatusCode = .ok, headers: [HTTPHeader: String] = [:]) -> FlyingFox.HTTPResponse {
        var all = HTTPHeaders()
        all[.contentType] = "application/json"
        for (name, value) in headers { all[name] = value }
        return FlyingFox.HTTPResponse(statusCode: status, headers: all, body: data)
    }
}

private actor RequestCounter {
    var counts: [String: Int] = [:]
    func record(_ path: String) { counts[path, default: 0] += 1 }
}

/// The captured API responses in `../shared/data/samples`.
public enum Samples {
    public static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["NOTIFIER_SAMPLES"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/data/samples")
    }

    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// The package's root folder.
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
