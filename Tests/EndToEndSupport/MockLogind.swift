import Foundation
import TestSupport

/// A private system bus with python3-dbusmock's `logind` template on it, which announces
/// suspend and resume (`PrepareForSleep(true/false)`) when a test asks: a resume without a
/// real suspend. The recipe comes from the project's notes on testing as a person ("Sleep and
/// resume"); give the program `DBUS_SYSTEM_BUS_ADDRESS = address`.
public final class MockLogind: @unchecked Sendable {
    public let address: String
    private let bus: ChildProcess
    private let mock: ChildProcess
    private let directory: URL

    public static func start() async throws -> MockLogind {
        try await withCheckedThrowingContinuation { continuation in
            Blocking.run { continuation.resume(with: Result { try MockLogind() }) }
        }
    }

    private init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-system-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        (bus, address) = try PrivateBus.start(in: directory)
        mock = try ChildProcess(
            "/usr/bin/python3", ["-m", "dbusmock", "--system", "--template", "logind"],
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"])
        for _ in 0..<200 {
            if let result = try? ProcessRunner.runBlocking(
                "/usr/bin/gdbus", Self.call + ["org.freedesktop.DBus.Peer.Ping"],
                environment: ["DBUS_SYSTEM_BUS_ADDRESS": address], timeout: .seconds(10)),
                result.status == 0
            {
                return
            }
            guard mock.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw MockNotificationServer.ServerError("python3-dbusmock's logind did not start; run scripts/install-deps --test")
    }

    private static let call = ["call", "--system", "-d", "org.freedesktop.login1", "-o", "/org/freedesktop/login1", "-m"]

    /// logind's signal before a suspend (`true`) and after the resume (`false`).
    public func prepareForSleep(_ sleeping: Bool) async throws {
        let result = try await ProcessRunner.run(
            "/usr/bin/gdbus",
            Self.call + [
                "org.freedesktop.DBus.Mock.EmitSignal", "org.freedesktop.login1.Manager", "PrepareForSleep", "b", "[<\(sleeping)>]",
            ], environment: ["DBUS_SYSTEM_BUS_ADDRESS": address], timeout: .seconds(10))
        guard result.status == 0 else { throw MockNotificationServer.ServerError("EmitSignal failed: \(result.stderr)") }
    }

    /// A user session as logind lists it (python3-dbusmock's `AddSession`): give the program
    /// `XDG_SESSION_ID = id`.
    public func addSession(_ id: String, uid: UInt32 = 1000, user: String = "person") async throws {
        try await mockCall(
            Self.call + ["org.freedesktop.DBus.Mock.AddSession", id, "seat0", "\(uid)", user, "true"])
    }

    /// The session's `LockedHint`, as a screen locker sets it (`PropertiesChanged` with it).
    public func setLocked(_ locked: Bool, session id: String) async throws {
        try await mockCall([
            "call", "--system", "-d", "org.freedesktop.login1", "-o", "/org/freedesktop/login1/session/\(id)", "-m",
            "org.freedesktop.login1.Session.SetLockedHint", "\(locked)",
        ])
    }

    /// The session's `IdleHint` and `IdleSinceHint` (microseconds of the realtime clock).
    public func setIdle(since: Date?, session id: String) async throws {
        let micros = since.map { UInt64($0.timeIntervalSince1970 * 1_000_000) } ?? 0
        try await mockCall([
            "call", "--system", "-d", "org.freedesktop.login1", "-o", "/org/freedesktop/login1/session/\(id)", "-m",
            "org.freedesktop.DBus.Mock.UpdateProperties", "org.freedesktop.login1.Session",
            "{'IdleHint': <\(since != nil)>, 'IdleSinceHint': <uint64 \(micros)>}",
        ])
    }

    private func mockCall(_ arguments: [String]) async throws {
        let result = try await ProcessRunner.run("/usr/bin/gdbus", arguments, environment: ["DBUS_SYSTEM_BUS_ADDRESS": address], timeout: .seconds(10))
        guard result.status == 0 else { throw MockNotificationServer.ServerError("\(arguments.dropFirst(6).first ?? "call") failed: \(result.stderr)") }
    }

    deinit {
        mock.kill()
        bus.kill()
        try? FileManager.default.removeItem(at: directory)
    }
}
