import Foundation
import TestSupport
import Testing

/// The watches' config as the built program reads it.
@Suite struct WatchConfigCLITests {
    /// A view loads the config without compiling selectors: `open` stays fast with many watches.
    @Test func aViewDoesNotCompileSelectors() async throws {
        let sandbox = try TestSupport.Sandbox(config: "[[watches]]\nname = \"a\"\nurl = \"https://x.org\"\nselect = \".items[0\"\n")
        let view = try await ProcessRunner.notifier(["list", "watches"], environment: sandbox.environment())
        #expect(view.status == 0, "\(view.stderr)")
        let check = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(check.status == 2 && check.stderr.contains(":4: watches[0].select is not a selector jq can run: jq: error: syntax error"), "\(check.stderr)")
    }
}
