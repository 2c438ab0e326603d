import Foundation

/// Runs the built `notifier` (or any program) as a user would, and captures what it prints.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

public enum ProcessRunner {
    /// The `notifier` built next to the test bundle.
    /// The binary under test: the debug build beside the tests, or `NOTIFIER_TEST_BINARY` (how
    /// scripts/icu-trim-check runs the suite against the installed form).
    public static var notifierPath: String {
        if let chosen = ProcessInfo.processInfo.environment["NOTIFIER_TEST_BINARY"], !chosen.isEmpty { return chosen }
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("notifier").path
        if FileManager.default.isExecutableFile(atPath: besideTests) { return besideTests }
        return Samples.packageRoot.appendingPathComponent(".build/debug/notifier").path
    }

    /// Waits on a thread of its own, never on Swift's cooperative pool, so servers that tests
    /// run in the same process keep answering.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String], timeout: Duration = .seconds(60)) async throws
        -> ProcessResult
    {
        try await withCheckedThrowingContinuation { continuation in
            Blocking.run {
                continuation.resume(with: Result { try runBlocking(executable, arguments, environment: environment, timeout: timeout) })
            }
        }
    }

    public static func runBlocking(_ executable: String, _ arguments: [String], environment: [String: String], timeout: Duration) throws -> ProcessResult {
        let out = Pipe()
        let err = Pipe()
        let process = try ChildProcess(executable, arguments, environment: environment, stdout: .pipe(out), stderr: .pipe(err))
        // Read both pipes while it runs, so a chatty process never blocks on a full pipe; in
        // chunks, so what it wrote is there even if the pipe never reaches its end: a process the
        // tests start at the same moment (a daemon, dunst) can inherit the pipe's write end and
        // hold it open long after this one has exited.
        let stdoutData = LockedData()
        let stderrData = LockedData()
        let group = DispatchGroup()
        for (pipe, sink) in [(out, stdoutData), (err, stderrData)] {
            group.enter()
            Blocking.run {
                while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty { sink.append(chunk) }
                group.leave()
            }
        }
        let deadline = Date().addingTimeInterval(Double(timeout.components.seconds))
        if process.wait(timeout: max(0, deadline.timeIntervalSinceNow)) == nil { process.kill() }
        // Exited: what it wrote is in the pipes; the ends come at once unless someone else
        // holds them open.
        _ = group.wait(timeout: .now() + 2)
        return ProcessResult(
            status: process.terminationStatus,
            stdout: String(decoding: stdoutData.get(), as: UTF8.self),
            stderr: String(decoding: stderrData.get(), as: UTF8.self))
    }

    public static func notifier(_ arguments: [String], environment: [String: String], timeout: Duration = .seconds(60)) async throws -> ProcessResult {
        try await run(notifierPath, arguments, environment: environment, timeout: timeout)
    }
}

/// Work that blocks (waiting for a child process, reading its pipes) gets a thread of its own.
/// Not Dispatch's global queue: FlyingFox's loopback servers wait for socket events on a queue
/// that needs a thread from that same pool, and many blocked waits there starve them into
/// ten-second timeouts when the suite runs in parallel.
public enum Blocking {
    public static func run(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// What a program wrote to one pipe so far, appended by the thread that reads it.
public final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    public init() {}
    public func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
    public func get() -> Data { lock.withLock { data } }
}

/// A fresh HOME with XDG directories and an optional config file, removed at the end.
public final class Sandbox: @unchecked Sendable {
    public let root: URL

    /// Holiday reminders depend on today's date, and the forecast feed would ask the real
    /// Open-Meteo, so tests of anything else switch them off; `holidays: true` keeps the
    /// reminders, a config with its own `[feeds.forecast]` table the forecast.
    public init(config: String? = nil, holidays: Bool = false) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("config/notifier"), withIntermediateDirectories: true)
        var text = config ?? ""
        if !holidays && !text.contains("[rules.holiday_upcoming]") { text += "\n" + Self.noHolidays }
        if !text.contains("[feeds.forecast]") { text += "\n" + Self.noForecast }
        // Flags are fetched from the internet, which tests never reach: tests of images say so.
        if !text.contains("[delivery]") { text += "\n[delivery]\nimages = false\n" }
        if !text.isEmpty {
            try text.write(to: configFile, atomically: true, encoding: .utf8)
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    public static let noHolidays = "[rules.holiday_upcoming]\nenabled = false\n"
    public static let noForecast = "[feeds.forecast]\nenabled = false\n"
    /// The launch country at once, and no other feed.
    public static let noDelay = "[rules.launch_country]\ndelay_seconds = 0\n[feeds.crypto]\nenabled = false\n" + noHolidays + noForecast

    public var configFile: URL { root.appendingPathComponent("config/notifier/config.toml") }
    public var storeFile: URL { root.appendingPathComponent("state/notifier/notifier.sqlite") }

    /// A minimal environment: nothing of the developer's desktop leaks into a test.
    public func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "HOME": root.path, "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(root.path)/no-bus",
        ]
        // scripts/sanitize's options (the leak suppressions) must reach the sanitized notifier too.
        for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"] {
            environment[name] = ProcessInfo.processInfo.environment[name]
        }
        environment.merge(extra) { $1 }
        return environment
    }
}
