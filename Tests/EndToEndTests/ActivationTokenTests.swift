import EndToEndSupport
import Foundation
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// The click's activation token reaches the terminal as XDG_ACTIVATION_TOKEN, so a Wayland
/// compositor focuses the window; the terminal gets a UTF-8 locale when the daemon has none.
@Suite(.serialized, .sharingTheMachine) struct ActivationTokenTests {
    @Test func theTokenOfTheClickReachesTheTerminal() async throws {
        let server = try await MockNotificationServer.start()
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let record = sandbox.root.appendingPathComponent("terminal-environment").path
        let terminal = sandbox.root.appendingPathComponent("terminal").path
        try ExecutableFile.write(
            "#!/bin/sh\nprintf 'token=%s lang=%s\\n' \"$XDG_ACTIVATION_TOKEN\" \"$LANG\" > '\(record).tmp' && mv '\(record).tmp' '\(record)'\n", to: terminal)
        let environment = sandbox.environment(["DBUS_SESSION_BUS_ADDRESS": server.address, "TERMINAL": terminal])
        let daemon = try DaemonProcess(["--seed", "42"], environment: environment)
        #expect(await daemon.waitUntil { _ in (try? await server.notifyCalls())?.contains("open country") == true }, "\(daemon.stderr)")
        _ = try await server.call(
            "org.freedesktop.DBus.Mock.EmitSignal",
            [
                "org.freedesktop.Notifications", "ActivationToken", "us",
                "[<uint32 1>, <\"wayland-token-42\">]",
            ])
        _ = try await server.invokeAction(id: 1, key: "default")
        #expect(await daemon.waitUntil { _ in FileManager.default.fileExists(atPath: record) }, "\(daemon.stderr)")
        #expect((try? String(contentsOfFile: record, encoding: .utf8)) == "token=wayland-token-42 lang=C.UTF-8\n")
        #expect(await daemon.stop() == 0)
    }

    @Test func theTerminalsEnvironment() {
        let plain = DeepLinkOpener.terminalEnvironment(["PATH": "/bin", "XDG_ACTIVATION_TOKEN": "stale"], activationToken: nil)
        #expect(plain == ["PATH": "/bin", "LANG": "C.UTF-8"], "no stale token, a UTF-8 locale")
        let german = DeepLinkOpener.terminalEnvironment(["LANG": "de_DE.UTF-8"], activationToken: "t")
        #expect(german == ["LANG": "de_DE.UTF-8", "XDG_ACTIVATION_TOKEN": "t"])
    }
}
