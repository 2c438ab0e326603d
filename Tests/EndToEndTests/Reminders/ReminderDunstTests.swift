import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A reminder's bubble in a real notification server (Xvfb, dunst), clicked: the terminal is
/// given `notifier open reminder NAME`. The screenshot goes to .build/test-artifacts.
@Suite(.serialized, .sharingTheMachine) struct ReminderDunstTests {
    @Test func aClickOnAReminderOpensItsView() async throws {
        let setup = try await DunstEndToEndTests.Setup(config: ReminderActionTests.config)
        var environment = setup.environment
        environment["TZ"] = "Europe/Tallinn"
        let before = try await FakeTime.notifier(["--once", "--output", "json"], at: "2026-11-25 08:59:00", environment: environment)
        #expect(before.status == 0, "\(before.stderr)")
        environment["LD_PRELOAD"] = FakeTime.preload
        environment["DONT_FAKE_MONOTONIC"] = "1"
        environment["FAKETIME"] = "@2026-11-25 09:00:20"
        // Through a shell's exec: see ReminderEndToEndTests.daemon.
        let daemon = try DaemonProcess(["-c", "exec \"$0\" \"$@\"", ProcessRunner.notifierPath], environment: environment, executable: "/bin/sh")
        let arguments = try await setup.clickTheBubble("dunst-reminder", waitingOn: daemon)
        #expect(arguments?.suffix(3) == ["open", "reminder", "pills"], "\(arguments ?? []) \(daemon.stderr)")
        #expect(await daemon.stop() == 0)
    }
}
