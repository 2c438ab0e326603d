import FlyingFox
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

/// A watch's secrets as the person wrote them: references, never the values.
extension WatchEndToEndTests {
    @Test func secretsStayReferences() async throws {
        let script = Script()
        let server = try await Self.serve(script)
        defer { Task { await server.stop() } }
        await script.set("{\"n\": 5}")
        let sandbox = try Sandbox(config: "")
        let secretFile = sandbox.root.appendingPathComponent("secrets/api-key")
        try FileManager.default.createDirectory(at: secretFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "file-secret-9Qx7\n".write(to: secretFile, atomically: true, encoding: .utf8)
        try Self.config(
            """
            [[watches]]
            name = "private"
            url = "\(server.baseURL)/private?token=${env:WATCH_TOKEN}"
            select = ".n"
            above = 3
            headers = { Authorization = "Bearer ${env:WATCH_TOKEN}", X-Api-Key = "${file:\(secretFile.path)}" }
            """
        ).write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        let environment = ["WATCH_TOKEN": "env-secret-4Kd2"]
        let result = try await Self.once(sandbox, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(await script.header("Authorization") == ["Bearer env-secret-4Kd2"])
        #expect(await script.header("X-Api-Key") == ["file-secret-9Qx7"])
        #expect(result.stderr.contains("holds a secret of [[watches]] private and other users can read it: chmod 600"), "\(result.stderr)")
        // Failing fetches, a check, a view, a why: none prints a secret.
        await script.set("denied", status: .unauthorized)
        for _ in 0..<3 { _ = try await Self.once(sandbox, environment: environment) }
        var printed = ""
        for arguments in [["config", "check"], ["open", "watch", "private"], ["why", "watch"], ["list", "watches", "--json"], ["history"]] {
            let run = try await ProcessRunner.notifier(arguments, environment: sandbox.environment(environment))
            printed += run.stdout + run.stderr
        }
        #expect(printed.contains("${env:WATCH_TOKEN}"), "\(printed)")
        #expect(!printed.contains("env-secret-4Kd2") && !printed.contains("file-secret-9Qx7"))
        for folder in ["config", "state", "cache"] {
            let enumerator = FileManager.default.enumerator(at: sandbox.root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let file = enumerator?.nextObject() as? URL {
                guard let data = try? Data(contentsOf: file) else { continue }
                #expect(data.range(of: Data("env-secret-4Kd2".utf8)) == nil, "\(file.path)")
                #expect(data.range(of: Data("file-secret-9Qx7".utf8)) == nil, "\(file.path)")
            }
        }
        // A reference to nothing is a config error naming it.
        let missing = try await ProcessRunner.notifier(["config", "check"], environment: sandbox.environment())
        #expect(missing.status != 0)
        #expect(
            missing.stderr.contains("watches[0].headers Authorization names ${env:WATCH_TOKEN}, but the environment variable WATCH_TOKEN is not set"),
            "\(missing.stderr)")
    }
}
