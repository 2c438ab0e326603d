import Foundation
import TestSupport

/// GNOME Shell for end-to-end tests: Debian 12's 43 as a headless Wayland compositor with a
/// virtual monitor, run as a user created for it. What the shell needs and a test lacks:
/// - a system bus with logind on it (python3-dbusmock's template): the shell asks logind at start;
/// - its notification helper (`org.gnome.Shell.Notifications`, gjs), which owns
///   org.freedesktop.Notifications: the session bus may start only the shell's own services;
/// - a way to look and click: a small extension puts the shell in "unsafe mode", which opens
///   `org.gnome.Shell.Eval` and the screenshot interface to the test (settings from a key file,
///   as there is no dconf).
public final class GnomeSession: UserSession, @unchecked Sendable {
    static let tools = ["/usr/bin/gnome-shell", "/usr/bin/gjs", "/usr/bin/foot", "/usr/bin/python3", "/usr/bin/gdbus"]
    static let extensionID = "notifier-test@notifier.invalid"
    /// Copies of the shell's D-Bus service files: the only services its bus may start.
    private let services = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-gnome-services-\(UUID().uuidString)")

    /// Why this machine cannot run the session, or `nil` when it can.
    public static var unavailable: String? {
        if let missing = unavailable(needing: tools) { return missing }
        let dbusmock = try? ProcessRunner.runBlocking("/usr/bin/python3", ["-c", "import dbusmock"], environment: [:], timeout: .seconds(20))
        return dbusmock?.status == 0 ? nil : "python3-dbusmock is missing; run scripts/install-deps --test"
    }

    public static func start() async throws -> GnomeSession {
        try await withCheckedThrowingContinuation { continuation in
            Blocking.run { continuation.resume(with: Result { try GnomeSession() }) }
        }
    }

    private init() throws {
        if let reason = Self.unavailable { throw MockNotificationServer.ServerError(reason) }
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: "/usr/share/dbus-1/services") where name.hasPrefix("org.gnome.Shell.") {
            try FileManager.default.copyItem(atPath: "/usr/share/dbus-1/services/\(name)", toPath: services.appendingPathComponent(name).path)
        }
        try super.init(name: "nfygn", services: services)
        do {
            try startShell()
        } catch {
            stop()
            throw error
        }
    }

    deinit { try? FileManager.default.removeItem(at: services) }

    private func startShell() throws {
        let system = try startBus(in: directory.appendingPathComponent("system"))
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = system
        _ = try launch(["/usr/bin/python3", "-m", "dbusmock", "--system", "--template", "logind"], log: "logind.log")
        let extensionFolder = home.appendingPathComponent(".local/share/gnome-shell/extensions/\(Self.extensionID)")
        try FileManager.default.createDirectory(at: extensionFolder, withIntermediateDirectories: true)
        try #"{"uuid": "\#(Self.extensionID)", "name": "notifier test", "description": "Opens Eval to a test", "shell-version": ["43"]}"#
            .write(to: extensionFolder.appendingPathComponent("metadata.json"), atomically: true, encoding: .utf8)
        try "function init() {\n    return { enable() { global.context.unsafe_mode = true; }, disable() {} };\n}\n"
            .write(to: extensionFolder.appendingPathComponent("extension.js"), atomically: true, encoding: .utf8)
        let keyfile = home.appendingPathComponent(".config/glib-2.0/settings/keyfile")
        try FileManager.default.createDirectory(at: keyfile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[org/gnome/shell]\nenabled-extensions=['\(Self.extensionID)']\n".write(to: keyfile, atomically: true, encoding: .utf8)
        try handOver(home)
        environment["GSETTINGS_BACKEND"] = "keyfile"
        let shell = try launch(["/usr/bin/gnome-shell", "--headless", "--virtual-monitor", "1024x600", "--wayland", "--no-x11"], log: "gnome-shell.log")
        for _ in 0..<600 {
            if (try? evalBlocking("global.context.unsafe_mode")) == "true" { break }
            guard shell.isRunning else { throw MockNotificationServer.ServerError("gnome-shell did not start:\n\(logTail("gnome-shell.log"))") }
            Thread.sleep(forTimeInterval: 0.1)
        }
        environment["WAYLAND_DISPLAY"] = "wayland-0"
        _ = try runBlocking([
            "/usr/bin/gdbus", "call", "--session", "-d", "org.freedesktop.DBus", "-o", "/org/freedesktop/DBus",
            "-m", "org.freedesktop.DBus.StartServiceByName", "org.gnome.Shell.Notifications", "0",
        ])
        for _ in 0..<200 {
            if (try? runBlocking([
                "/usr/bin/gdbus", "call", "--session", "-d", "org.freedesktop.Notifications", "-o", "/org/freedesktop/Notifications",
                "-m", "org.freedesktop.Notifications.GetServerInformation",
            ]))?.stdout.contains("gnome-shell") == true {
                // The shell's own "unsafe mode" notice and the overview it starts in would cover the bubble.
                _ = try evalBlocking("Main.messageTray.getSources().forEach(s => s.destroy()); Main.overview.hide(); true")
                return
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw MockNotificationServer.ServerError("GNOME Shell's notification service did not start:\n\(logTail("gnome-shell.log"))")
    }

    /// Runs JavaScript in the shell (`org.gnome.Shell.Eval`); its result as JSON text.
    public func eval(_ script: String) async throws -> String {
        let result = try await run(Self.evalCall(script))
        return try Self.evalResult(result, script)
    }

    private func evalBlocking(_ script: String) throws -> String {
        try Self.evalResult(try runBlocking(Self.evalCall(script)), script)
    }

    private static func evalCall(_ script: String) -> [String] {
        ["/usr/bin/gdbus", "call", "--session", "-d", "org.gnome.Shell", "-o", "/org/gnome/Shell", "-m", "org.gnome.Shell.Eval", script]
    }

    /// gdbus prints `(true, 'result')`.
    private static func evalResult(_ result: ProcessResult, _ script: String) throws -> String {
        guard result.status == 0, result.stdout.hasPrefix("(true, '") else {
            throw MockNotificationServer.ServerError("Eval \(script): \(result.stdout) \(result.stderr)")
        }
        let json = String(result.stdout.dropFirst("(true, '".count).prefix { $0 != "'" })
        // A string comes as JSON: "\"notifier-view\"".
        let value = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        return value as? String ?? json
    }

    /// Closes what the shell itself said (no screen lock without GDM, and such): its banners
    /// would hide the one a test looks at.
    public func dismissTheShellsOwn(keeping source: String) async throws {
        _ = try await eval("Main.messageTray.getSources().filter(s => s.title !== '\(source)').forEach(s => s.destroy()); true")
    }

    /// The shell's notifications as "source|title|body", separated by " ;; ".
    public func notifications() async throws -> String {
        try await eval(#"Main.messageTray.getSources().flatMap(s => s.notifications.map(n => [s.title, n.title, n.bannerBodyText].join("|"))).join(" ;; ")"#)
    }

    /// Clicks the first notification of `source`, as a click on the banner does: the shell
    /// sends the `default` action to its sender.
    public func activate(source: String) async throws -> String {
        try await eval(
            "Main.messageTray.getSources().filter(s => s.title === '\(source)').flatMap(s => s.notifications).map(n => { n.activate(); return n.title; }).slice(0, 1).join()"
        )
    }

    /// Opens or closes the shell's notification list (the date menu), where a low-urgency
    /// notification goes without a banner.
    public func showNotificationList(_ open: Bool) async throws {
        _ = try await eval("Main.panel.statusArea.dateMenu.menu.\(open ? "open" : "close")(); true")
    }

    /// Every window's app id (a Wayland window's WM class).
    public func windows() async throws -> String {
        try await eval("global.get_window_actors().map(a => a.meta_window.get_wm_class()).join(' ')")
    }

    /// The focused window's app id (a Wayland window's WM class), "" for none.
    public func focusedApp() async throws -> String {
        try await eval(#"global.display.focus_window ? global.display.focus_window.get_wm_class() : """#)
    }

    /// A screenshot through the shell into `.build/test-artifacts/<name>.png`.
    public func screenshot(_ name: String) async -> String? {
        let shot = home.appendingPathComponent("\(name).png")
        guard
            let result = try? await run([
                "/usr/bin/gdbus", "call", "--session", "-d", "org.gnome.Shell.Screenshot", "-o", "/org/gnome/Shell/Screenshot",
                "-m", "org.gnome.Shell.Screenshot.Screenshot", "false", "false", shot.path,
            ]),
            result.stdout.hasPrefix("(true")
        else { return nil }
        return keepArtifact(shot, as: name)
    }
}
