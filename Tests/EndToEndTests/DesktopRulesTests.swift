import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// The dunst rule and the mako criterion docs/behaviour.md shows, taken from it as they are
/// and given to the real servers: a crypto bubble takes the background they set (found in a
/// screenshot), and dunst's holiday pattern closes a holiday bubble that would otherwise stay.
@Suite(.serialized, .sharingTheMachine) struct DesktopRulesTests {
    static let background = "#16324F"

    static func alert(rule: String, category: String, title: String) -> String {
        #"[{"rule":"\#(rule)","key":"K","title":"\#(title)","body":"a test","urgency":"normal","category":"\#(category)","deepLink":{"view":"country","argument":"KZ"}}]"#
    }

    static let crypto = alert(rule: "crypto_move", category: "x-notifier.crypto", title: "BTC −9 %")
    static let holiday = alert(rule: "holiday_upcoming", category: "x-notifier.holiday.public", title: "New Year (tomorrow)")

    /// The ini block docs/behaviour.md shows after `marker`.
    static func documented(after marker: String) throws -> String {
        let text = try String(contentsOf: Samples.packageRoot.appendingPathComponent("docs/behaviour.md"), encoding: .utf8)
        let after = try #require(text.range(of: marker)).upperBound
        let start = try #require(text.range(of: "```ini\n", range: after..<text.endIndex)).upperBound
        let end = try #require(text.range(of: "```", range: start..<text.endIndex)).lowerBound
        return String(text[start..<end])
    }

    static func deliverCall(_ json: String) -> [String] {
        ["/usr/bin/gdbus", "call", "--session", "-d", "io.github.notifier", "-o", "/io/github/notifier", "-m", "io.github.notifier.Daemon.Deliver", json]
    }

    /// Whether the picture has pixels of `color` (`#RRGGBB`), by ImageMagick's histogram.
    static func has(_ color: String, in picture: String?) async throws -> Bool {
        guard let picture else { return false }
        let histogram = try await ProcessRunner.run("/usr/bin/convert", [picture, "-format", "%c", "histogram:info:-"], environment: ["PATH": "/usr/bin:/bin"])
        return histogram.stdout.uppercased().contains(color)
    }

    @Test func theDocumentedDunstRulesMatch() async throws {
        let session = try await DunstSession.start(rules: try Self.documented(after: "dunst (`~/.config/dunst/dunstrc`"))
        let sandbox = try Sandbox(config: HandOffTests.quietDaemon)
        let daemon = try DaemonProcess([], environment: sandbox.environment(session.environment))
        defer { if daemon.process.isRunning { daemon.signal(SIGKILL) } }
        let crypto = Self.deliverCall(Self.crypto)
        #expect(
            await daemon.waitUntil { _ in
                (try? await ProcessRunner.run(crypto[0], Array(crypto.dropFirst()), environment: session.environment))?.stdout.contains("uint32 1") == true
            }, "\(daemon.stderr)")
        #expect(await daemon.waitUntil { _ in await session.displayedCount() == 1 })
        #expect(try await Self.has(Self.background, in: await session.screenshot("dunst-rule-crypto")), "the crypto bubble in the rule's colour")

        let holiday = Self.deliverCall(Self.holiday)
        #expect(try await ProcessRunner.run(holiday[0], Array(holiday.dropFirst()), environment: session.environment).status == 0)
        #expect(await daemon.waitUntil { _ in await session.displayedCount() == 2 })
        // The pattern's timeout closes the holiday bubble (5 s); the crypto one stays.
        #expect(await daemon.waitUntil(timeout: .seconds(15)) { _ in await session.displayedCount() == 1 })
        #expect(await daemon.stop() == 0)
    }

    @Test(.enabled(if: WaylandSession.unavailable == nil, Comment(rawValue: "skipped: \(WaylandSession.unavailable ?? "")")))
    func theDocumentedMakoCriterionMatches() async throws {
        let session = try await WaylandSession.start(makoConfig: try Self.documented(after: "mako (`~/.config/mako/config`"))
        let sandbox = try Sandbox(config: HandOffTests.quietDaemon)
        try session.handOver(sandbox.root)
        let notifier = try await session.runnableNotifier()
        let daemon = try DaemonProcess(command: session.asUser([notifier], sandbox.environment(session.environment)), environment: ["PATH": "/usr/bin:/bin"])
        #expect(
            await daemon.waitUntil { _ in (try? await session.run(Self.deliverCall(Self.crypto)))?.stdout.contains("uint32 1") == true },
            "\(daemon.stderr)")
        #expect(await daemon.waitUntil { _ in (try? await session.bubbles())?.contains("x-notifier.crypto") == true })
        #expect(try await Self.has(Self.background, in: await session.screenshot("mako-criterion-crypto")), "the crypto bubble in the criterion's colour")
        #expect(await daemon.stop() == 0)
    }
}
