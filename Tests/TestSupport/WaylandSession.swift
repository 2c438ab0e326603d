import Foundation

/// A Wayland desktop for end-to-end tests: sway with no display (its headless backend), mako
/// as the notification server, on a private session bus. sway refuses to run as root, so the
/// session runs as a user created for it; everything it started is killed and the user
/// removed when the session ends, on failure too.
public final class WaylandSession: @unchecked Sendable {
    public let user: String
    /// The user's: home, runtime directory, bus, logs.
    public let directory: URL
    /// The session's environment for the user's programs (sway's socket, the bus, the display).
    public private(set) var environment: [String: String] = [:]
    private var processes: [Process] = []
    private var userCreated = false

    static let tools = ["/usr/bin/sway", "/usr/bin/swaymsg", "/usr/bin/mako", "/usr/bin/makoctl", "/usr/bin/foot", "/usr/bin/grim",
                        "/usr/bin/setpriv", "/usr/sbin/useradd", "/usr/sbin/userdel", "/usr/bin/pkill", "/usr/bin/dbus-daemon"]

    /// Why this machine cannot run the session, or `nil` when it can.
    public static var unavailable: String? {
        if getuid() != 0 { return "the Wayland session creates a user to run sway (which refuses root), so it needs root" }
        if let tool = tools.first(where: { !FileManager.default.isExecutableFile(atPath: $0) }) {
            return "\(tool) is missing; run scripts/install-deps --test"
        }
        return nil
    }

    /// `swayConfig`: lines added to sway's configuration.
    public static func start(swayConfig: String = "") async throws -> WaylandSession {
        try await withCheckedThrowingContinuation { continuation in
            Blocking.run { continuation.resume(with: Result { try WaylandSession(swayConfig: swayConfig) }) }
        }
    }

    private init(swayConfig: String) throws {
        if let reason = Self.unavailable { throw MockNotificationServer.ServerError(reason) }
        user = "nfywl" + String(UInt32.random(in: 0..<UInt32.max), radix: 16)
        directory = URL(fileURLWithPath: "/tmp/notifier-wayland-\(UUID().uuidString)")
        let home = directory.appendingPathComponent("home"), runtime = directory.appendingPathComponent("run")
        do {
            try start(home: home, runtime: runtime, swayConfig: swayConfig)
        } catch {
            stop()
            throw error
        }
    }

    private func start(home: URL, runtime: URL, swayConfig: String) throws {
        for folder in [home, runtime, directory.appendingPathComponent("bus")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try runAsRoot("/usr/sbin/useradd", ["--system", "--no-create-home", "--home-dir", home.path, "--shell", "/bin/sh", "--user-group", user])
        userCreated = true
        try runAsRoot("/usr/bin/chown", ["-R", "\(user):\(user)", directory.path])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        let (bus, address) = try PrivateBus.start(in: directory.appendingPathComponent("bus"), prefix: asUser([]))
        processes.append(bus)
        environment = ["HOME": home.path, "USER": user, "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
                       "XDG_RUNTIME_DIR": runtime.path, "DBUS_SESSION_BUS_ADDRESS": address]
        let config = home.appendingPathComponent("sway.conf")
        try "output HEADLESS-1 resolution 1024x600\nexec /usr/bin/mako\n\(swayConfig)\n".write(to: config, atomically: true, encoding: .utf8)
        let sway = Process()
        let argv = asUser(["/usr/bin/sway", "-c", config.path],
                          ["WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1"])
        sway.executableURL = URL(fileURLWithPath: argv[0])
        sway.arguments = Array(argv.dropFirst())
        sway.environment = ["PATH": "/usr/bin:/bin"]
        let log = directory.appendingPathComponent("sway.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        sway.standardOutput = try FileHandle(forWritingTo: log)
        sway.standardError = sway.standardOutput
        sway.standardInput = FileHandle.nullDevice
        try sway.run()
        processes.append(sway)
        // Ready once its sockets exist and mako answers on the bus.
        for _ in 0..<200 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
            if let display = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
               let socket = names.first(where: { $0.hasPrefix("sway-ipc.") }) {
                environment["WAYLAND_DISPLAY"] = display
                environment["SWAYSOCK"] = runtime.appendingPathComponent(socket).path
                if (try? runBlocking(["/usr/bin/makoctl", "list"]))?.status == 0 { return }
            }
            guard sway.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let said = (try? String(contentsOf: log, encoding: .utf8))?.suffix(600) ?? ""
        throw MockNotificationServer.ServerError("sway or mako did not start:\n\(said)")
    }

    deinit { stop() }

    /// Kills everything the user runs (what sway started too), then removes the user.
    private func stop() {
        if userCreated {
            _ = try? ProcessRunner.runBlocking("/usr/bin/pkill", ["-KILL", "-u", user], environment: [:], timeout: .seconds(10))
        }
        for process in processes where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            KilledProcess.awaitExit(process)
        }
        if userCreated {
            for _ in 0..<50 {
                let left = try? ProcessRunner.runBlocking("/usr/bin/pgrep", ["-u", user], environment: [:], timeout: .seconds(5))
                if left?.status == 1 { break }
                _ = try? ProcessRunner.runBlocking("/usr/bin/pkill", ["-KILL", "-u", user], environment: [:], timeout: .seconds(5))
                Thread.sleep(forTimeInterval: 0.1)
            }
            _ = try? ProcessRunner.runBlocking("/usr/sbin/userdel", [user], environment: [:], timeout: .seconds(10))
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// An argv that runs `argv` as the session's user, in the session's environment plus `extra`.
    /// setpriv executes it in place (runuser would stay as its parent), so signals reach it.
    public func asUser(_ argv: [String], _ extra: [String: String] = [:]) -> [String] {
        let variables = environment.merging(extra) { $1 }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return ["/usr/bin/setpriv", "--reuid=\(user)", "--regid=\(user)", "--init-groups", "--"]
            + (argv.isEmpty ? [] : ["/usr/bin/env", "-i"] + variables + argv)
    }

    /// Runs `argv` as the user and waits for it.
    public func run(_ argv: [String], timeout: Duration = .seconds(20)) async throws -> ProcessResult {
        let command = asUser(argv)
        return try await ProcessRunner.run(command[0], Array(command.dropFirst()), environment: ["PATH": "/usr/bin:/bin"], timeout: timeout)
    }

    private func runBlocking(_ argv: [String]) throws -> ProcessResult {
        let command = asUser(argv)
        return try ProcessRunner.runBlocking(command[0], Array(command.dropFirst()), environment: ["PATH": "/usr/bin:/bin"], timeout: .seconds(10))
    }

    private func runAsRoot(_ tool: String, _ arguments: [String]) throws {
        let result = try ProcessRunner.runBlocking(tool, arguments, environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"], timeout: .seconds(20))
        guard result.status == 0 else { throw MockNotificationServer.ServerError("\(tool) \(arguments.joined(separator: " ")): \(result.stderr)") }
    }

    /// Gives the user `url` and what is under it (a sandbox the tests made as root).
    public func handOver(_ url: URL) throws {
        try runAsRoot("/usr/bin/chown", ["-R", "\(user):\(user)", url.path])
    }

    /// Whether the user may run `path` where it is (the build folder may be closed to others).
    public func canRun(_ path: String) async -> Bool {
        (try? await run(["/usr/bin/test", "-x", path]))?.status == 0
    }

    /// sway's windows: every view in `swaymsg -t get_tree`, with its app id, pid and focus.
    public func windows() async throws -> [Window] {
        let result = try await run(["/usr/bin/swaymsg", "-r", "-t", "get_tree"])
        guard result.status == 0, let tree = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
            throw MockNotificationServer.ServerError("swaymsg get_tree: \(result.stderr)")
        }
        var found: [Window] = []
        func walk(_ node: [String: Any]) {
            if let pid = node["pid"] as? Int {
                found.append(Window(appID: node["app_id"] as? String ?? "", title: node["name"] as? String ?? "", pid: Int32(pid),
                                    focused: node["focused"] as? Bool ?? false))
            }
            for key in ["nodes", "floating_nodes"] { for child in node[key] as? [[String: Any]] ?? [] { walk(child) } }
        }
        walk(tree)
        return found
    }

    public struct Window: Sendable, Equatable {
        public let appID: String
        public let title: String
        public let pid: Int32
        public let focused: Bool
    }

    /// The bubbles mako shows (`makoctl list`), as its JSON.
    public func bubbles() async throws -> String {
        try await run(["/usr/bin/makoctl", "list"]).stdout
    }

    /// A screenshot with grim into `.build/test-artifacts/<name>.png`; `nil` if grim failed.
    public func screenshot(_ name: String) async -> String? {
        let shot = directory.appendingPathComponent("home/\(name).png")
        guard let result = try? await run(["/usr/bin/grim", shot.path]), result.status == 0 else { return nil }
        let artifacts = Samples.packageRoot.appendingPathComponent(".build/test-artifacts")
        try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let target = artifacts.appendingPathComponent(name + ".png")
        try? FileManager.default.removeItem(at: target)
        guard (try? FileManager.default.copyItem(at: shot, to: target)) != nil else { return nil }
        return target.path
    }
}
