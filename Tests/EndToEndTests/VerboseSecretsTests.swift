import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A `-v` log is what a person pastes into a bug report: with secrets planted in the
/// environment (notifier's own keys and a token of the shell's that notifier never reads), in
/// the config file and behind `${env:…}` and `${file:…}`, neither the daemon nor `--once`
/// writes one to its output, and none reaches the store or the XDG folders.
@Suite(.serialized, .sharingTheMachine) struct VerboseSecretsTests {
    static let shellToken = "shell-token-PLANTED-7f3a"
    static let watchToken = "watch-token-PLANTED-9c1e"
    static let fileSecret = "file-secret-PLANTED-44b0"
    static let forecastKey = "owm-key-PLANTED-2d8e"
    static let countriesKey = "countries-key-PLANTED-61f5"
    static let holidaysKey = "holidays-key-PLANTED-0a93"
    static let planted = [shellToken, watchToken, fileSecret, forecastKey, countriesKey, holidaysKey]

    struct Setup {
        var sandbox: Sandbox
        var server: LoopbackServer
        var script: WatchEndToEndTests.Script
        var secretFile: URL
        var environment: [String: String]
    }

    static func setUp() async throws -> Setup {
        let script = WatchEndToEndTests.Script()
        let server = try await WatchEndToEndTests.serve(script)
        await script.set("{\"n\": 5}")
        let sandbox = try Sandbox(config: "")
        let secretFile = sandbox.root.appendingPathComponent("secrets/api-key")
        try FileManager.default.createDirectory(at: secretFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "\(fileSecret)\n".write(to: secretFile, atomically: true, encoding: .utf8)
        try WatchEndToEndTests.config(
            """
            [feeds.holidays]
            api_key = "\(holidaysKey)"

            [[watches]]
            name = "private"
            url = "\(server.baseURL)/private?token=${env:PLANTED_WATCH_TOKEN}"
            select = ".n"
            above = 3
            interval = "10s"
            headers = { Authorization = "Bearer ${env:PLANTED_WATCH_TOKEN}", X-Api-Key = "${file:\(secretFile.path)}" }
            """
        ).write(to: sandbox.configFile, atomically: true, encoding: .utf8)
        let environment = [
            "SHELL_ONLY_TOKEN": shellToken, "PLANTED_WATCH_TOKEN": watchToken,
            "NOTIFIER_OWM_KEY": forecastKey, "NOTIFIER_RESTCOUNTRIES_KEY": countriesKey,
        ]
        return Setup(sandbox: sandbox, server: server, script: script, secretFile: secretFile, environment: environment)
    }

    /// Every planted secret absent from `text`.
    static func expectNoSecret(in text: String, _ what: String) {
        for secret in planted { #expect(!text.contains(secret), "\(what) holds \(secret)") }
    }

    /// The store and the XDG folders hold none (the config file holds its own key, as the
    /// person wrote it).
    static func expectNoSecretStored(_ setup: Setup) {
        let enumerator = FileManager.default.enumerator(at: setup.sandbox.root, includingPropertiesForKeys: nil)
        var files = 0
        while let file = enumerator?.nextObject() as? URL {
            guard file.standardizedFileURL != setup.sandbox.configFile.standardizedFileURL,
                file.standardizedFileURL != setup.secretFile.standardizedFileURL,
                let data = try? Data(contentsOf: file)
            else { continue }
            files += 1
            for secret in planted { #expect(data.range(of: Data(secret.utf8)) == nil, "\(file.path) holds \(secret)") }
        }
        #expect(FileManager.default.fileExists(atPath: setup.sandbox.storeFile.path))
        #expect(files > 0)
    }

    @Test func onceWithVerboseWritesNoSecret() async throws {
        let setup = try await Self.setUp()
        defer { Task { await setup.server.stop() } }
        let result = try await ProcessRunner.notifier(
            ["--once", "-v", "--output", "json"], environment: setup.sandbox.environment(setup.environment))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(await setup.script.header("Authorization") == ["Bearer \(Self.watchToken)"], "the secrets were used")
        Self.expectNoSecret(in: result.stdout + result.stderr, "--once -v")
        Self.expectNoSecretStored(setup)
    }

    @Test func daemonWithVerboseWritesNoSecret() async throws {
        let setup = try await Self.setUp()
        defer { Task { await setup.server.stop() } }
        let daemon = try DaemonProcess(["-v", "--output", "json"], environment: setup.sandbox.environment(setup.environment))
        #expect(await daemon.waitUntil { _ in await !setup.script.header("Authorization").isEmpty }, "\(daemon.stderr)")
        #expect(await daemon.stop() == 0)
        // The service group's debug lines are there, naming the service, not its fields.
        #expect(daemon.stderr.contains("DaemonService"), "\(daemon.stderr)")
        Self.expectNoSecret(in: daemon.stdout + daemon.stderr, "the daemon with -v")
        Self.expectNoSecretStored(setup)
    }
}
