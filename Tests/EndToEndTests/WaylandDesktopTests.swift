import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// The click on Wayland as a person meets it: sway (headless), mako and foot, all Debian's. A
/// first window has the focus; the bubble is clicked; the view must open in a new foot window
/// that takes the focus. Screenshots (grim) go to .build/test-artifacts.
@Suite(.serialized, .sharingTheMachine) struct WaylandDesktopTests {
    static let viewAppID = "notifier-view"
    static let config = CLITests.noDelay + "\n[delivery]\nimages = false\nterminal = [\"foot\", \"--app-id\", \"\(viewAppID)\"]\n"

    @Test(.enabled(if: WaylandSession.unavailable == nil, Comment(rawValue: "skipped: \(WaylandSession.unavailable ?? "")")))
    func makosClickOpensTheViewInAFocusedFootWindow() async throws {
        let session = try await WaylandSession.start()
        let sandbox = try Sandbox(config: Self.config)
        try session.handOver(sandbox.root)
        let notifier = try await session.runnableNotifier()

        #expect(try await session.run(["/usr/bin/swaymsg", "exec", "foot --app-id first"]).status == 0)
        #expect(
            await eventually { (try? await session.windows())?.contains { $0.appID == "first" && $0.focused } == true },
            "a first window, focused before the click")

        let daemon = try DaemonProcess(
            command: session.asUser([notifier, "--seed", "42"], sandbox.environment(session.environment)),
            environment: ["PATH": "/usr/bin:/bin"])
        // On failure too, the session's end kills it with everything else its user runs.
        #expect(await daemon.waitUntil { _ in (try? await session.bubbles())?.contains("x-notifier.country") == true }, "\(daemon.stderr)")
        let bubbles = try await session.bubbles()
        #expect(bubbles.contains(#""default":"Open""#), "mako has the click's action: \(bubbles)")
        let bubble = await session.screenshot("wayland-bubble")
        #expect(bubble != nil)

        #expect(try await session.run(["/usr/bin/makoctl", "invoke"]).status == 0)
        #expect(
            await eventually { (try? await session.windows())?.contains { $0.appID == Self.viewAppID && $0.focused } == true },
            "the view's window, focused\n\(daemon.stderr)")
        let windows = try await session.windows()
        #expect(windows.contains { $0.appID == "first" && !$0.focused }, "\(windows)")
        // No activation token here: mako asks sway for one only for a pointer or touch click
        // (see below); `makoctl invoke` comes over D-Bus. sway focuses a new window by default.
        // The view has drawn itself: it says which country it is about.
        try await Task.sleep(for: .seconds(2))
        let shot = await session.screenshot("wayland-click")
        #expect(shot != nil)
        if let shot, ProcessInfo.processInfo.environment["NOTIFIER_UPDATE_DOCS_IMAGES"] == "1" {
            let target = Samples.packageRoot.appendingPathComponent("docs/images/wayland-click.png")
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(atPath: shot, toPath: target.path)
        }
        #expect(daemon.stderr.contains("opened notifier open country"), "\(daemon.stderr)")
        #expect(await daemon.stop() == 0)
    }

    /// A click with the pointer (a virtual one: a headless sway has no input device): mako asks
    /// sway for an activation token for the click and sends it with the action; notifier hands
    /// it to foot as XDG_ACTIVATION_TOKEN, and the view's window has the focus. (Seen with
    /// sway's `no_focus` for the view and `focus_on_window_activation focus`: the token reached
    /// foot and sway 1.7 left the focus where it was, so on this sway the focus comes from its
    /// focusing new windows, not from the token.)
    @Test(.enabled(if: WaylandSession.unavailable == nil, Comment(rawValue: "skipped: \(WaylandSession.unavailable ?? "")")))
    func aPointersClickOnMakosBubbleHandsItsActivationTokenToTheView() async throws {
        let session = try await WaylandSession.start()
        let sandbox = try Sandbox(
            config: HandOffTests.quietDaemon + "\n[delivery]\nimages = false\nterminal = [\"foot\", \"--app-id\", \"\(Self.viewAppID)\"]\n")
        try session.handOver(sandbox.root)
        let notifier = try await session.runnableNotifier()
        #expect(try await session.run(["/usr/bin/swaymsg", "exec", "foot --app-id first"]).status == 0)
        #expect(await eventually { (try? await session.windows())?.contains { $0.appID == "first" && $0.focused } == true })
        let daemon = try DaemonProcess(command: session.asUser([notifier], sandbox.environment(session.environment)), environment: ["PATH": "/usr/bin:/bin"])
        let deliver = DesktopRulesTests.deliverCall(DaemonBusTests.kazakhstan)
        #expect(await daemon.waitUntil { _ in (try? await session.run(deliver))?.stdout.contains("uint32 1") == true }, "\(daemon.stderr)")
        #expect(await daemon.waitUntil { _ in (try? await session.bubbles())?.contains("Kazakhstan") == true })
        // mako draws its newest bubble at the top right: 300 px wide, 10 px from the edges.
        let click = try await session.click(x: 860, y: 30)
        #expect(click.status == 0, "\(click.stderr)")
        #expect(
            await eventually { (try? await session.windows())?.contains { $0.appID == Self.viewAppID && $0.focused } == true },
            "the view's window, focused\n\(daemon.stderr)")
        let view = try #require(try await session.windows().first { $0.appID == Self.viewAppID })
        let environ = ProcFile.data("/proc/\(view.pid)/environ") ?? Data()
        let token = environ.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.first { $0.hasPrefix("XDG_ACTIVATION_TOKEN=") }
        #expect((token?.count ?? 0) > "XDG_ACTIVATION_TOKEN=".count, "foot was given the token mako got for the click")
        #expect(await daemon.stop() == 0)
    }
}
