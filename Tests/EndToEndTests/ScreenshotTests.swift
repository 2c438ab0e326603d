import Foundation
import TestSupport
import Testing

/// The README's pictures come from `scripts/screenshots` (Xvfb, a private bus, dunst, xterm).
/// The suite runs it into .build/test-artifacts/readme, so the script keeps working and the
/// pictures can be looked at after every run.
@Suite(.sharingTheMachine) struct ScreenshotTests {
    @Test func theScriptPhotographsTheBubbleAndTheDetailView() async throws {
        let root = Samples.packageRoot
        let out = root.appendingPathComponent(".build/test-artifacts/readme")
        try? FileManager.default.removeItem(at: out)
        let environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let result = try await ProcessRunner.run(
            root.appendingPathComponent("scripts/screenshots").path,
            [out.path, ProcessRunner.notifierPath], environment: environment, timeout: .seconds(90))
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["bubble.png", "detail-view.png", "home-screen.png", "watch-view.png", "ack-screen.png", "remind-echo.png"] {
            let size = (try? FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(name).path)[.size] as? Int) ?? 0
            // A blank capture of a uniform screen compresses to a few hundred bytes.
            #expect(size > 3000, "\(name) is \(size) bytes: nothing drawn?")
        }
    }
}
