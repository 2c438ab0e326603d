import Foundation
import TestSupport

/// A real SMTP server on loopback: python3-aiosmtpd (Debian's) with its `Mailbox` handler, each
/// message it takes written to a maildir the test reads.
public final class SMTPServer: @unchecked Sendable {
    public let port: UInt16
    private let process: ChildProcess
    private let directory: URL

    public var url: String { "smtp://127.0.0.1:\(port)" }

    public static func start() async throws -> SMTPServer {
        try await withCheckedThrowingContinuation { continuation in
            Blocking.run { continuation.resume(with: Result { try SMTPServer() }) }
        }
    }

    private init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-smtp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try Self.freePort()
        process = try ChildProcess(
            "/usr/bin/python3",
            ["-m", "aiosmtpd", "-n", "-l", "127.0.0.1:\(port)", "-c", "aiosmtpd.handlers.Mailbox", directory.appendingPathComponent("mail").path],
            environment: ["PATH": "/usr/bin:/bin"])
        for _ in 0..<200 {
            if Self.accepts(port) { return }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw MockNotificationServer.ServerError("python3-aiosmtpd did not start; run scripts/install-deps --test")
    }

    /// Every mail taken, as its raw text (headers, a blank line, the body), oldest first.
    public var mails: [String] {
        let folder = directory.appendingPathComponent("mail/new")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        return names.compactMap { try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
    }

    deinit {
        process.kill()
        try? FileManager.default.removeItem(at: directory)
    }

    private static func freePort() throws -> UInt16 {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw MockNotificationServer.ServerError("no free port on 127.0.0.1") }
        return UInt16(bigEndian: address.sin_port)
    }

    private static func accepts(_ port: UInt16) -> Bool {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
