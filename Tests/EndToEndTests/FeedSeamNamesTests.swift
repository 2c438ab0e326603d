import Foundation
import TestSupport
import Testing

/// Outside a feed's folders, no file of Sources/ names a type a feed declares, but for the
/// registry's list: `scripts/seam-check` finds none.
@Suite struct FeedSeamNamesTests {
    @Test func noSharedFileNamesAFeedsType() async throws {
        let check = try await ProcessRunner.run(
            "/bin/bash", [Samples.packageRoot.appendingPathComponent("scripts/seam-check").path], environment: ["PATH": "/usr/bin:/bin"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.isEmpty, "files outside a feed's folders name its types:\n\(check.stdout)")
    }
}
