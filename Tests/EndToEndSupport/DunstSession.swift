import Foundation
import TestSupport

/// A real desktop for end-to-end tests: Xvfb, a private session bus and dunst on them.
public final class DunstSession: @unchecked Sendable {
    public let display: String
    public let address: String
    private let xvfb: ChildProcess
    private let bus: ChildProcess
    private let dunst: ChildProcess
    private let directory: URL

    /// `rules`: dunstrc sections added after the test's own (a person's rules).
    public static func start(rules: String = "") async throws -> DunstSession {
        try await withCheckedThrowingContinuation { continuation in
            Blocking.run { continuation.resume(with: Result { try DunstSession(rules: rules) }) }
        }
    }

    private init(rules: String) throws {
        for tool in ["/usr/bin/Xvfb", "/usr/bin/dunst", "/usr/bin/dunstctl"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw MockNotificationServer.ServerError("\(tool) is missing; run scripts/install-deps --test")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-desktop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let displayPipe = Pipe()
        // -displayfd: Xvfb picks a free display and writes its number when it is ready; only
        // descriptors 0-2 pass to a child, so it comes over standard output.
        xvfb = try ChildProcess(
            "/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "1024x600x24", "-nolisten", "tcp"],
            stdout: .pipe(displayPipe))
        let number = String(decoding: PrivateBus.readLine(displayPipe), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !number.isEmpty else { throw MockNotificationServer.ServerError("Xvfb did not start") }
        display = ":" + number
        (bus, address) = try PrivateBus.start(in: directory)
        // Bubbles never expire here: dunst's own 10 s would close one before a loaded machine
        // has photographed and clicked it, and the click would then land on nothing.
        let dunstrc = directory.appendingPathComponent(".config/dunst/dunstrc")
        try FileManager.default.createDirectory(at: dunstrc.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ("[urgency_low]\n    timeout = 0\n[urgency_normal]\n    timeout = 0\n[urgency_critical]\n    timeout = 0\n" + rules)
            .write(to: dunstrc, atomically: true, encoding: .utf8)
        dunst = try ChildProcess(
            "/usr/bin/dunst", [],
            environment: ["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin", "HOME": directory.path])
        for _ in 0..<100 {
            if (try? ProcessRunner.runBlocking("/usr/bin/dunstctl", ["is-paused"], environment: environment, timeout: .seconds(5)))?.status == 0 { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw MockNotificationServer.ServerError("dunst did not start on \(display)")
    }

    deinit {
        for process in [dunst, bus, xvfb] { process.kill() }
        try? FileManager.default.removeItem(at: directory)
    }

    public var environment: [String: String] {
        ["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    }

    public func dunstctl(_ arguments: [String]) async throws -> ProcessResult {
        try await ProcessRunner.run("/usr/bin/dunstctl", arguments, environment: environment, timeout: .seconds(10))
    }

    /// How many bubbles dunst shows now.
    public func displayedCount() async -> Int {
        Int((try? await dunstctl(["count", "displayed"]))?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
    }

    /// A screenshot of the whole screen into `.build/test-artifacts/<name>.png`, for a person to
    /// look at; `nil` without ImageMagick.
    @discardableResult
    public func screenshot(_ name: String) async -> String? {
        let directory = Samples.packageRoot.appendingPathComponent(".build/test-artifacts")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name + ".png").path
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/import"),
            let result = try? await ProcessRunner.run("/usr/bin/import", ["-window", "root", path], environment: environment, timeout: .seconds(20)),
            result.status == 0
        else { return nil }
        return path
    }
}
