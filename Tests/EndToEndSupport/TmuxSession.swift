import Foundation
import TestSupport

/// A pseudo-terminal a test can type into and read, as a person at a terminal would: a
/// private tmux server (its own socket directory), one window of a fixed size, the program in
/// its pane. The pane stays after the program exits, so a test can read what it left.
public final class TmuxSession: @unchecked Sendable {
    public let directory: URL
    private let environment: [String: String]
    private let seen = NSLock()
    private var lastScreen = ""

    /// The screen as the last read found it, for failure messages.
    public var lastSeen: String { seen.withLock { lastScreen } }

    /// `command` runs through `sh -c` in the pane; `environment` is the whole environment it gets.
    public init(_ command: String, environment: [String: String], width: Int = 100, height: Int = 30) async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            throw MockNotificationServer.ServerError("/usr/bin/tmux is missing; run scripts/install-deps --test")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.environment = environment.merging(["TMUX_TMPDIR": directory.path]) { $1 }
        try await tmux(["-f", "/dev/null", "new-session", "-d", "-s", "view", "-x", "\(width)", "-y", "\(height)", "sleep 600"])
        try await tmux(["set-option", "-t", "view", "remain-on-exit", "on"])
        try await tmux(["respawn-pane", "-k", "-t", "view", command])
    }

    deinit {
        _ = try? Self.spawnAndWait(["/usr/bin/tmux", "-L", "test", "kill-server"], environment: environment, output: "/dev/null")
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs a tmux command and returns what it printed. A tmux client hands its standard
    /// output to the server, which may keep it open: a pipe would never reach its end, so the
    /// output goes to a file, read once the client has exited.
    @discardableResult
    public func tmux(_ arguments: [String]) async throws -> String {
        let output = directory.appendingPathComponent("out-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let environment = environment
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            // Waiting for a process spins a run loop: never on Swift's cooperative pool.
            Blocking.run {
                continuation.resume(
                    with: Result { try Self.spawnAndWait(["/usr/bin/tmux", "-L", "test"] + arguments, environment: environment, output: output.path) })
            }
        }
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard status == 0 else { throw MockNotificationServer.ServerError("tmux \(arguments.joined(separator: " ")): \(text)") }
        return text
    }

    /// ChildSpawn and waitpid, not Foundation's Process: its wait missed the exit of a tmux
    /// client whose server lives on (seen on Swift 6.3.1), and hung the test.
    static func spawnAndWait(_ argv: [String], environment: [String: String], output: String) throws -> Int32 {
        let client = try ChildProcess(
            argv[0], Array(argv.dropFirst()), environment: environment,
            stdout: .file(output), stderr: .standardOutput)
        var status: Int32 = 0
        while waitpid(client.processIdentifier, &status, 0) == -1 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Keys by tmux's names: "Down", "Enter", "BSpace", "Escape", "C-c", or text.
    public func send(_ keys: String...) async throws {
        try await tmux(["send-keys", "-t", "view"] + keys)
    }

    /// The screen as text; with `escapes`, with the escape sequences of its colours and attributes.
    public func screen(escapes: Bool = false) async throws -> String {
        // tmux marks a dead pane on its last row after a line feed there, which scrolls the
        // screen up a line: that line comes back from the history, and the mark goes.
        // A pane that dies while it is read is read again, as a dead one.
        var dead = await exited
        var screen = try await tmux(["capture-pane", "-p", "-t", "view"] + (escapes ? ["-e"] : []) + (dead ? ["-S", "-1"] : []))
        if !dead, await exited {
            dead = true
            screen = try await tmux(["capture-pane", "-p", "-t", "view", "-S", "-1"] + (escapes ? ["-e"] : []))
        }
        if dead, let mark = screen.range(of: "\nPane is dead (", options: .backwards) {
            screen = String(screen[..<mark.lowerBound]) + "\n"
        }
        if !escapes { seen.withLock { lastScreen = screen } }
        return screen
    }

    public var exited: Bool {
        get async { (try? await tmux(["display-message", "-p", "-t", "view", "#{pane_dead}"]))?.hasPrefix("1") ?? false }
    }

    public func resize(width: Int, height: Int) async throws {
        try await tmux(["resize-window", "-t", "view", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Waits until the screen holds `text` (or `condition` holds) and has settled; false after
    /// the timeout.
    /// A wait that is met returns at once: the bound only matters on a loaded machine.
    public func waitFor(_ text: String, timeout: Duration = .seconds(30)) async -> Bool {
        await waitUntil(timeout: timeout) { $0.contains(text) }
    }

    /// Settled: the same screen 50 ms later, but for its digits. A capture can catch a redraw
    /// half done (the title drawn, the rows not yet), and what a test reads next of `lastSeen` is
    /// the whole of it; a view's clock ("15 s ago") ticks, and a loaded machine can take
    /// a second between two captures.
    public func waitUntil(timeout: Duration = .seconds(30), _ condition: (String) -> Bool) async -> Bool {
        func shape(_ screen: String?) -> String? { screen.map { String($0.map { $0.isNumber ? "#" : $0 }) } }
        return await eventually(timeout: timeout, every: .milliseconds(50)) {
            guard let first = try? await screen(), condition(first) else { return false }
            try? await Task.sleep(for: .milliseconds(50))
            guard let second = try? await screen() else { return false }
            return condition(second) && shape(second) == shape(first)
        }
    }

    public func waitForExit(timeout: Duration = .seconds(10)) async -> Bool {
        await eventually(timeout: timeout, every: .milliseconds(50)) { await exited }
    }

    /// Single-quoted for `sh`, whatever it holds.
    public static func quoted(_ arguments: [String]) -> String {
        arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    }
}
