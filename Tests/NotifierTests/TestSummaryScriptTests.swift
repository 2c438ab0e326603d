import Foundation
import TestSupport
import Testing

/// scripts/test's last line, as CI's parser reads it: every lane's counts summed up in one
/// `notifier: N passed, N failed, N skipped` line, alone and last.
@Suite struct TestSummaryScriptTests {
    static func summary(_ lanes: [String]) async throws -> ProcessResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-lanes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for (index, text) in lanes.enumerated() {
            let file = folder.appendingPathComponent("\(index).log")
            try text.write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        return try await ProcessRunner.run(
            Samples.packageRoot.appendingPathComponent("scripts/test-summary").path, files, environment: ["PATH": "/usr/bin:/bin"])
    }

    @Test func everyLaneIsCountedInOneLastLine() async throws {
        let fast = """
            ✔ Test a() passed after 0.1 seconds.
            ➜ Test b() skipped: "a benchmark"
            ✔ Test run with 490 tests in 104 suites passed after 26.8 seconds.

            """
        let endToEnd = """
            ✘ Test c() failed after 0.2 seconds with 1 issue.
            ✘ Suite S failed after 0.3 seconds with 1 issue.
            ✘ Test run with 262 tests in 80 suites failed after 900 seconds with 1 issue.

            """
        let sync = "✔ Test run with 4 tests in 1 suite passed after 30 seconds.\n"
        let result = try await Self.summary([fast, endToEnd, sync])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "notifier: 754 passed, 1 failed, 1 skipped\n")
        #expect(result.stdout.firstMatch(of: /^(\w+: )?\d+ passed, \d+ failed(, \d+ skipped)?\n$/) != nil)
    }

    @Test func aLaneWithoutItsSummaryIsAFailure() async throws {
        let result = try await Self.summary(["✔ Test run with 4 tests in 1 suite passed after 1 seconds.\n", "error: build failed\n"])
        #expect(result.stdout == "notifier: 4 passed, 1 failed, 0 skipped\n")
        #expect(result.stderr.contains("ends without a test run summary; counted as one failure"), "\(result.stderr)")
    }
}
