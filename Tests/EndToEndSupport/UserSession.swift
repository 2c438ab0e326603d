import Foundation
import TestSupport

/// A desktop session run as a user created for it: Wayland compositors refuse to run as root
/// (sway: "Unable to drop root"). Everything the user runs is killed and the user removed when
/// the session ends, on failure too.
public class UserSession: @unchecked Sendable {
    public let user: String
    /// The user's: home, runtime directory, buses, logs.
    public let directory: URL
    /// The session's environment for the user's programs; the compositor adds its sockets.
    public internal(set) var environment: [String: String] = [:]
    var home: URL { directory.appendingPathComponent("home") }
    var runtime: URL { directory.appendingPathComponent("run") }
    private var processes: [ChildProcess] = []
    private var userCreated = false

    static let userTools = ["/usr/bin/setpriv", "/usr/sbin/useradd", "/usr/sbin/userdel", "/usr/bin/pkill", "/usr/bin/pgrep", "/usr/bin/dbus-daemon"]

    /// Why this machine cannot run a session that needs `tools`, or `nil` when it can.
    static func unavailable(needing tools: [String]) -> String? {
        if getuid() != 0 { return "a Wayland session runs as a user the test creates, which needs root" }
        return (userTools + tools).first { !FileManager.default.isExecutableFile(atPath: $0) }
            .map { "\($0) is missing; run scripts/install-deps --test" }
    }

    /// Creates the user, its folders and its session bus; `services`: what the bus may start.
    init(name prefix: String, services: URL? = nil) throws {
        user = prefix + String(UInt32.random(in: 0..<UInt32.max), radix: 16)
        directory = URL(fileURLWithPath: "/tmp/notifier-\(prefix)-\(UUID().uuidString)")
        do {
            for folder in [home, runtime, directory.appendingPathComponent("bus")] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try runAsRoot("/usr/sbin/useradd", ["--system", "--no-create-home", "--home-dir", home.path, "--shell", "/bin/sh", "--user-group", user])
            userCreated = true
            try handOver(directory)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
            let address = try startBus(in: directory.appendingPathComponent("bus"), services: services)
            environment = [
                "HOME": home.path, "USER": user, "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
                "XDG_RUNTIME_DIR": runtime.path, "DBUS_SESSION_BUS_ADDRESS": address,
            ]
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Kills everything the user runs (what the compositor started too), then removes the user.
    func stop() {
        if userCreated { _ = try? ProcessRunner.runBlocking("/usr/bin/pkill", ["-KILL", "-u", user], environment: [:], timeout: .seconds(10)) }
        for process in processes { process.kill() }
        if userCreated {
            for _ in 0..<50 {
                if (try? ProcessRunner.runBlocking("/usr/bin/pgrep", ["-u", user], environment: [:], timeout: .seconds(5)))?.status == 1 { break }
                _ = try? ProcessRunner.runBlocking("/usr/bin/pkill", ["-KILL", "-u", user], environment: [:], timeout: .seconds(5))
                Thread.sleep(forTimeInterval: 0.1)
            }
            _ = try? ProcessRunner.runBlocking("/usr/sbin/userdel", [user], environment: [:], timeout: .seconds(10))
            userCreated = false
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// A private bus run by the user in `folder`, its address.
    func startBus(in folder: URL, services: URL? = nil) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try handOver(folder)
        let (bus, address) = try PrivateBus.start(in: folder, prefix: asUser([]), serviceDirectory: services)
        processes.append(bus)
        return address
    }

    /// Starts `argv` as the user in the background, its output into `<directory>/<log>`.
    func launch(_ argv: [String], _ extra: [String: String] = [:], log: String) throws -> ChildProcess {
        let command = asUser(argv, extra)
        let file = directory.appendingPathComponent(log)
        let process = try ChildProcess(
            command[0], Array(command.dropFirst()), environment: ["PATH": "/usr/bin:/bin"],
            stdout: .file(file.path), stderr: .standardOutput)
        processes.append(process)
        return process
    }

    /// The end of a log `launch` wrote, for an error that says why.
    func logTail(_ log: String) -> String {
        String(((try? String(contentsOf: directory.appendingPathComponent(log), encoding: .utf8)) ?? "").suffix(800))
    }

    /// An argv that runs `argv` as the session's user, in the session's environment plus `extra`.
    /// setpriv executes it in place (runuser would stay as its parent), so signals reach it. It
    /// starts in the user's home: the suite's own folder may be closed to other users (CI's
    /// checkout is in a 0700 folder), and foot then opens no window at all.
    public func asUser(_ argv: [String], _ extra: [String: String] = [:]) -> [String] {
        let variables = environment.merging(extra) { $1 }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return ["/usr/bin/setpriv", "--reuid=\(user)", "--regid=\(user)", "--init-groups", "--"]
            + (argv.isEmpty ? [] : ["/usr/bin/env", "-i", "--chdir=\(home.path)"] + variables + argv)
    }

    /// Runs `argv` as the user and waits for it.
    public func run(_ argv: [String], _ extra: [String: String] = [:], timeout: Duration = .seconds(20)) async throws -> ProcessResult {
        let command = asUser(argv, extra)
        return try await ProcessRunner.run(command[0], Array(command.dropFirst()), environment: ["PATH": "/usr/bin:/bin"], timeout: timeout)
    }

    func runBlocking(_ argv: [String]) throws -> ProcessResult {
        let command = asUser(argv)
        return try ProcessRunner.runBlocking(command[0], Array(command.dropFirst()), environment: ["PATH": "/usr/bin:/bin"], timeout: .seconds(10))
    }

    func runAsRoot(_ tool: String, _ arguments: [String]) throws {
        let result = try ProcessRunner.runBlocking(tool, arguments, environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"], timeout: .seconds(20))
        guard result.status == 0 else { throw MockNotificationServer.ServerError("\(tool) \(arguments.joined(separator: " ")): \(result.stderr)") }
    }

    /// Gives the user `url` and what is under it (a sandbox the tests made as root).
    public func handOver(_ url: URL) throws {
        try runAsRoot("/usr/bin/chown", ["-R", "\(user):\(user)", url.path])
    }

    /// The built notifier where the user may run it: in place, or a copy of it in the session
    /// (the build folder may be closed to others).
    public func runnableNotifier() async throws -> String {
        let built = URL(fileURLWithPath: ProcessRunner.notifierPath).resolvingSymlinksInPath().path
        if (try? await run(["/usr/bin/test", "-x", built]))?.status == 0 { return built }
        let copy = directory.appendingPathComponent("bin/notifier")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Copied by cp, not in this process: a child another test forked while our copy's write
        // descriptor was open would inherit it, and exec then fails with "Text file busy".
        let copied = try await ProcessRunner.run("/bin/cp", ["--", built, copy.path], environment: ["PATH": "/usr/bin:/bin"])
        guard copied.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cp: \(copied.stderr)"]) }
        try handOver(copy.deletingLastPathComponent())
        return copy.path
    }

    /// Copies a picture the user made into `.build/test-artifacts/<name>.png`.
    func keepArtifact(_ picture: URL, as name: String) -> String? {
        let artifacts = Samples.packageRoot.appendingPathComponent(".build/test-artifacts")
        try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let target = artifacts.appendingPathComponent(name + ".png")
        try? FileManager.default.removeItem(at: target)
        guard (try? FileManager.default.copyItem(at: picture, to: target)) != nil else { return nil }
        return target.path
    }
}
