import Foundation
import TestSupport

/// A private session bus: a dbus-daemon listening in a temporary directory.
public enum PrivateBus {
    /// The running daemon and its address. `prefix`: an argv that runs it as another user;
    /// `serviceDirectory`: the only services it may start (GNOME Shell's helpers).
    public static func start(in directory: URL, prefix: [String] = [], serviceDirectory: URL? = nil) throws -> (ChildProcess, String) {
        // No <servicedir> unless asked: nothing gets activated behind the test's back (dunst, say).
        let services = serviceDirectory.map { "<servicedir>\($0.path)</servicedir>" } ?? ""
        let config = """
            <busconfig>
              <type>session</type>\(services)
              <listen>unix:dir=\(directory.path)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        let configFile = directory.appendingPathComponent("session.conf")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        let argv = prefix + ["/usr/bin/dbus-daemon", "--config-file=\(configFile.path)", "--nofork", "--print-address=1"]
        let addressPipe = Pipe()
        let bus = try ChildProcess(argv[0], Array(argv.dropFirst()), stdout: .pipe(addressPipe))
        let address = String(decoding: readLine(addressPipe), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else { throw MockNotificationServer.ServerError("dbus-daemon printed no address; run scripts/install-deps --test") }
        return (bus, address)
    }

    /// The first line a process writes to `pipe`.
    static func readLine(_ pipe: Pipe) -> Data {
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        return line
    }
}

/// A private D-Bus session bus with python3-dbusmock's notification server on it: a real
/// notification protocol peer that records every call, with no display needed.
public final class MockNotificationServer: @unchecked Sendable {
    public let address: String
    private let bus: ChildProcess
    private var mock: ChildProcess
    private var capabilities: String
    private let lock = NSLock()
    private let directory: URL

    public static let allCapabilities = "actions body body-markup body-hyperlinks persistence"

    /// Starts the bus and the server on a Dispatch thread: starting blocks until they answer.
    public static func start(capabilities: String = MockNotificationServer.allCapabilities) async throws -> MockNotificationServer {
        try await withCheckedThrowingContinuation { continuation in
            Blocking.run {
                continuation.resume(with: Result { try MockNotificationServer(capabilities: capabilities) })
            }
        }
    }

    private init(capabilities: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        (bus, address) = try PrivateBus.start(in: directory)
        self.capabilities = capabilities
        mock = try Self.startMock(address: address, capabilities: capabilities)
        try waitUntilServing()
    }

    private static func startMock(address: String, capabilities: String) throws -> ChildProcess {
        try ChildProcess(
            "/usr/bin/python3", ["-m", "dbusmock", "--template", "notification_daemon", "-p", "{\"capabilities\": \"\(capabilities)\"}"],
            environment: ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"])
    }

    /// The server vanishing from the bus (the bus stays), as when a desktop's notification
    /// daemon crashes; `restart()` brings a fresh one, with no calls recorded.
    public func stopServer() {
        lock.withLock { mock }.kill()
    }

    /// `capabilities`: another server's, as when one desktop's server replaces another's.
    public func restart(capabilities: String? = nil) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Blocking.run {
                continuation.resume(
                    with: Result {
                        let capabilities = self.lock.withLock {
                            if let capabilities { self.capabilities = capabilities }
                            return self.capabilities
                        }
                        let fresh = try Self.startMock(address: self.address, capabilities: capabilities)
                        self.lock.withLock { self.mock = fresh }
                        try self.waitUntilServing()
                    })
            }
        }
    }

    deinit {
        mock.kill()
        bus.kill()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Waits for the server to own its name: a readiness check, not a schedule.
    private func waitUntilServing() throws {
        for _ in 0..<100 {
            if let result = try? callBlocking("org.freedesktop.Notifications.GetCapabilities"), result.status == 0 { return }
            guard lock.withLock({ mock.isRunning }) else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw ServerError("python3-dbusmock's notification server did not start; run scripts/install-deps --test")
    }

    /// `gdbus call` on the server object.
    public func call(_ method: String, _ arguments: [String] = []) async throws -> ProcessResult {
        try await ProcessRunner.run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "-d", "org.freedesktop.Notifications",
                "-o", "/org/freedesktop/Notifications", "-m", method,
            ] + arguments,
            environment: ["DBUS_SESSION_BUS_ADDRESS": address, "LANG": "C.UTF-8"], timeout: .seconds(10))
    }

    private func callBlocking(_ method: String) throws -> ProcessResult {
        try ProcessRunner.runBlocking(
            "/usr/bin/gdbus",
            [
                "call", "--session", "-d", "org.freedesktop.Notifications",
                "-o", "/org/freedesktop/Notifications", "-m", method,
            ],
            environment: ["DBUS_SESSION_BUS_ADDRESS": address], timeout: .seconds(10))
    }

    /// The recorded Notify calls, as gdbus prints them.
    public func notifyCalls() async throws -> String {
        try await call("org.freedesktop.DBus.Mock.GetMethodCalls", ["Notify"]).stdout
    }

    /// A server slow to answer: each `Notify` appends a line to `marker` as it starts, then
    /// answers after `seconds` (dbusmock serves one call at a time, so later ones queue).
    public func answerNotifySlowly(seconds: Double, marker: URL) async throws {
        // gdbus reads each argument as GVariant text: the code is one double-quoted string.
        let code = "\"import time; open('\(marker.path)', 'a').write('x'); time.sleep(\(seconds)); ret = 7\""
        let result = try await call("org.freedesktop.DBus.Mock.AddMethod", ["org.freedesktop.Notifications", "Notify", "susssasa{sv}i", "u", code])
        guard result.status == 0 else { throw ServerError("AddMethod failed: \(result.stderr)") }
    }

    /// What a click does: the server's `ActionInvoked` signal for notification `id`.
    public func invokeAction(id: UInt32, key: String) async throws -> ProcessResult {
        try await call(
            "org.freedesktop.DBus.Mock.EmitSignal",
            [
                "org.freedesktop.Notifications", "ActionInvoked", "us",
                "[<uint32 \(id)>, <\"\(key)\">]",
            ])
    }

    /// The server closing notification `id` (reason 2: dismissed by the user).
    public func close(id: UInt32, reason: UInt32 = 2) async throws -> ProcessResult {
        try await call(
            "org.freedesktop.DBus.Mock.EmitSignal",
            [
                "org.freedesktop.Notifications", "NotificationClosed", "uu",
                "[<uint32 \(id)>, <uint32 \(reason)>]",
            ])
    }

    /// Whether the notifier daemon answers on its well-known name.
    public func daemonAnswers() async -> Bool {
        let result = try? await ProcessRunner.run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "-d", "io.github.notifier", "-o", "/io/github/notifier",
                "-m", "io.github.notifier.Daemon.Ping",
            ],
            environment: ["DBUS_SESSION_BUS_ADDRESS": address], timeout: .seconds(5))
        return result?.status == 0
    }

    public struct ServerError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
