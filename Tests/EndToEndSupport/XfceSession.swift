import Foundation
import TestSupport

/// Xfce's notification server for end-to-end tests: Xvfb, a private session bus and
/// xfce4-notifyd on them (with its defaults: no xfconfd on the private bus).
public final class XfceSession: @unchecked Sendable {
    public static let notifyd = "/usr/lib/x86_64-linux-gnu/xfce4/notifyd/xfce4-notifyd"
    static let tools = ["/usr/bin/Xvfb", notifyd, "/usr/bin/xdotool", "/usr/bin/import", "/usr/bin/xterm"]

    public let display: String
    public let address: String
    private var processes: [ChildProcess] = []
    private let directory: URL

    /// Why this machine cannot run the session, or `nil` when it can.
    public static var unavailable: String? {
        tools.first { !FileManager.default.isExecutableFile(atPath: $0) }.map { "\($0) is missing; run scripts/install-deps --test" }
    }

    public static func start() async throws -> XfceSession {
        try await withCheckedThrowingContinuation { continuation in
            Blocking.run { continuation.resume(with: Result { try XfceSession() }) }
        }
    }

    private init() throws {
        if let reason = Self.unavailable { throw MockNotificationServer.ServerError(reason) }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-xfce-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let displayPipe = Pipe()
        // -displayfd: a free display, its number written once it is ready.
        let xvfb = try ChildProcess(
            "/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "1024x600x24", "-nolisten", "tcp"],
            stdout: .pipe(displayPipe))
        processes.append(xvfb)
        let number = String(decoding: PrivateBus.readLine(displayPipe), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        display = ":" + number
        let bus: ChildProcess
        (bus, address) = try PrivateBus.start(in: directory)
        processes.append(bus)
        guard !number.isEmpty else { throw MockNotificationServer.ServerError("Xvfb did not start") }
        let notifyd = try ChildProcess(Self.notifyd, [], environment: environment.merging(["HOME": directory.path]) { $1 })
        processes.append(notifyd)
        for _ in 0..<100 {
            let answer = try? ProcessRunner.runBlocking(
                "/usr/bin/gdbus",
                [
                    "call", "--session", "-d", "org.freedesktop.Notifications", "-o", "/org/freedesktop/Notifications",
                    "-m", "org.freedesktop.Notifications.GetServerInformation",
                ], environment: environment, timeout: .seconds(5))
            if answer?.stdout.contains("Xfce") == true { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw MockNotificationServer.ServerError("xfce4-notifyd did not start on \(display)")
    }

    deinit {
        for process in processes.reversed() { process.kill() }
        try? FileManager.default.removeItem(at: directory)
    }

    public var environment: [String: String] {
        ["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    }

    /// `xfconf-query` with these arguments, against an xfconfd of the session's own (its private
    /// bus activates nothing), started on first use.
    public func xfconf(_ arguments: [String]) async throws -> ProcessResult {
        let settings = environment.merging(["HOME": directory.path]) { $1 }
        if !lock.withLock({ settingsStarted }) {
            let daemon = try ChildProcess("/usr/lib/x86_64-linux-gnu/xfce4/xfconf/xfconfd", [], environment: settings)
            lock.withLock {
                processes.append(daemon)
                settingsStarted = true
            }
            _ = await eventually(timeout: .seconds(10)) {
                (try? await ProcessRunner.run("/usr/bin/xfconf-query", ["-l"], environment: settings, timeout: .seconds(5)))?.status == 0
            }
        }
        return try await ProcessRunner.run("/usr/bin/xfconf-query", arguments, environment: settings, timeout: .seconds(10))
    }

    private let lock = NSLock()
    private var settingsStarted = false

    public func xdotool(_ arguments: [String]) async throws -> ProcessResult {
        try await ProcessRunner.run("/usr/bin/xdotool", arguments, environment: environment, timeout: .seconds(30))
    }

    /// Where a bubble is on the screen: x, y, width, height; `nil` while none is shown.
    public func bubble() async throws -> (x: Int, y: Int, width: Int, height: Int)? {
        // The server keeps a small unmapped window of its own: a bubble is the visible one.
        let ids = try await xdotool(["search", "--onlyvisible", "--name", "xfce4-notifyd"]).stdout.split(separator: "\n")
        for id in ids {
            let shape = try await xdotool(["getwindowgeometry", "--shell", String(id)]).stdout
            var values: [String: Int] = [:]
            for line in shape.split(separator: "\n") {
                let parts = line.split(separator: "=")
                if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
            }
            if let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"], width > 40, height > 40 {
                return (x, y, width, height)
            }
        }
        return nil
    }

    /// A screenshot of the whole screen into `.build/test-artifacts/<name>.png`.
    @discardableResult
    public func screenshot(_ name: String) async -> String? {
        let artifacts = Samples.packageRoot.appendingPathComponent(".build/test-artifacts")
        try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let path = artifacts.appendingPathComponent(name + ".png").path
        guard let result = try? await ProcessRunner.run("/usr/bin/import", ["-window", "root", path], environment: environment, timeout: .seconds(20)),
            result.status == 0
        else { return nil }
        return path
    }
}
