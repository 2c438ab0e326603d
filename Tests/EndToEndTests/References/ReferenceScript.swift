import Foundation
import TestSupport
import Testing

/// A reference program of `scripts/` (python-dateutil, recurring-ical-events, holidays),
/// run in the references' virtual environment over a JSON file of what to compute.
enum ReferenceScript {
    /// What it prints. `arguments` go before the JSON file's path.
    static func run(_ script: String, _ arguments: [String] = [], input: Any, timeout: Duration = .seconds(120)) async throws -> String {
        let root = Samples.packageRoot
        let python = root.appendingPathComponent(".build/reference-venv/bin/python").path
        try #require(FileManager.default.isExecutableFile(atPath: python), "\(python) is missing: run scripts/install-deps --test")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("notifier-\(script)-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: input).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await ProcessRunner.run(
            python, [root.appendingPathComponent("scripts/\(script)").path] + arguments + [file.path],
            environment: ["PATH": "/usr/bin:/bin"], timeout: timeout)
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout
    }
}
