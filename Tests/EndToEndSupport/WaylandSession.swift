import Foundation
import TestSupport

/// A Wayland desktop for end-to-end tests: sway with no display (its headless backend), mako
/// as the notification server, on a private session bus, run as a user created for it.
public final class WaylandSession: UserSession, @unchecked Sendable {
    static let tools = ["/usr/bin/sway", "/usr/bin/swaymsg", "/usr/bin/mako", "/usr/bin/makoctl", "/usr/bin/foot", "/usr/bin/grim"]

    /// Why this machine cannot run the session, or `nil` when it can.
    public static var unavailable: String? { unavailable(needing: tools) }

    /// `swayConfig`: lines added to sway's configuration; `makoConfig`: mako's (a person's criteria).
    public static func start(swayConfig: String = "", makoConfig: String = "") async throws -> WaylandSession {
        try await withCheckedThrowingContinuation { continuation in
            Blocking.run { continuation.resume(with: Result { try WaylandSession(swayConfig: swayConfig, makoConfig: makoConfig) }) }
        }
    }

    private init(swayConfig: String, makoConfig: String) throws {
        if let reason = Self.unavailable { throw MockNotificationServer.ServerError(reason) }
        try super.init(name: "nfywl")
        do {
            let mako = home.appendingPathComponent(".config/mako/config")
            try FileManager.default.createDirectory(at: mako.deletingLastPathComponent(), withIntermediateDirectories: true)
            try makoConfig.write(to: mako, atomically: true, encoding: .utf8)
            try handOver(home)
            try startSway(swayConfig)
        } catch {
            stop()
            throw error
        }
    }

    private func startSway(_ swayConfig: String) throws {
        let config = home.appendingPathComponent("sway.conf")
        try "output HEADLESS-1 resolution 1024x600\nexec /usr/bin/mako\n\(swayConfig)\n".write(to: config, atomically: true, encoding: .utf8)
        let sway = try launch(
            ["/usr/bin/sway", "-c", config.path],
            ["WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1"], log: "sway.log")
        // Ready once its sockets exist and mako answers on the bus.
        for _ in 0..<200 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
            if let display = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
                let socket = names.first(where: { $0.hasPrefix("sway-ipc.") })
            {
                environment["WAYLAND_DISPLAY"] = display
                environment["SWAYSOCK"] = runtime.appendingPathComponent(socket).path
                if (try? runBlocking(["/usr/bin/makoctl", "list"]))?.status == 0 { return }
            }
            guard sway.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw MockNotificationServer.ServerError("sway or mako did not start:\n\(logTail("sway.log"))")
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
                found.append(
                    Window(
                        appID: node["app_id"] as? String ?? "", title: node["name"] as? String ?? "", pid: Int32(pid),
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
    @discardableResult
    public func screenshot(_ name: String) async -> String? {
        let shot = home.appendingPathComponent("\(name).png")
        guard let result = try? await run(["/usr/bin/grim", shot.path]), result.status == 0 else { return nil }
        return keepArtifact(shot, as: name)
    }
}
