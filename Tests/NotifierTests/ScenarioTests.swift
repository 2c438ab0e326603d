import Foundation
import TestSupport
import Testing

/// Issue 16, item 5: `notifier test DIR [--expect FILE]` through the built program.
@Suite struct ScenarioTests {
    static let scenario = Samples.packageRoot.appendingPathComponent("Tests/Scenarios/default")
    static let golden = scenario.appendingPathComponent("expected.txt")

    @Test func theShippedScenarioMatchesItsGoldenFile() async throws {
        let sandbox = try Sandbox()
        let result = try await ProcessRunner.notifier(["test", Self.scenario.path, "--expect", Self.golden.path], environment: sandbox.environment())
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "11 recordings: as expected (\(Self.golden.path))\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeFile.path), "a private state: no store written")

        let printed = try await ProcessRunner.notifier(["test", Self.scenario.path], environment: sandbox.environment())
        #expect(printed.stdout.contains("  crypto_change BTC:down  09:40 −5.6 %: not notified, cooling down until 10:20 after the 09:10 notification\n"))
        #expect(printed.stdout.contains("not notified, not re-armed"))
        #expect(printed.stdout.contains("  crypto_change BTC:down  10:00 −5.8 %: not evaluated, the feed failed, state kept as of 09:50\n"))
    }

    @Test func aChangedGoldenFileFailsWithTheDifference() async throws {
        let sandbox = try Sandbox()
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        let changed = sandbox.root.appendingPathComponent("changed.txt")
        try expected.replacingOccurrences(of: "cooling down until 10:20", with: "cooling down until 10:25").write(to: changed, atomically: true, encoding: .utf8)
        let result = try await ProcessRunner.notifier(["test", Self.scenario.path, "--expect", changed.path], environment: sandbox.environment())
        #expect(result.status == 1)
        #expect(result.stderr.contains("the decisions differ from \(changed.path)"), "\(result.stderr)")
        #expect(result.stdout == """
            -   crypto_change BTC:down  09:40 −5.6 %: not notified, cooling down until 10:25 after the 09:10 notification
            +   crypto_change BTC:down  09:40 −5.6 %: not notified, cooling down until 10:20 after the 09:10 notification

            """, "\(result.stdout)")
    }

    @Test func aMisnamedRecordingIsAClearError() async throws {
        let sandbox = try Sandbox()
        let directory = sandbox.root.appendingPathComponent("scenario")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: directory.appendingPathComponent("btc-monday.json"))
        let result = try await ProcessRunner.notifier(["test", directory.path], environment: sandbox.environment())
        #expect(result.status == 2)
        #expect(result.stderr.contains("btc-monday.json: a recording is named NNNN-YYYY-MM-DDTHH:MM.<feed>.json"), "\(result.stderr)")
        try FileManager.default.removeItem(at: directory.appendingPathComponent("btc-monday.json"))
        try Data("{}".utf8).write(to: directory.appendingPathComponent("0001-2026-12-23T09:00.weather.json"))
        let unknown = try await ProcessRunner.notifier(["test", directory.path], environment: sandbox.environment())
        #expect(unknown.stderr.contains("no feed records 'weather'; recordings: coinlore"), "\(unknown.stderr)")
    }
}
