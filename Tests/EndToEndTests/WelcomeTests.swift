import Foundation
import NotifierSystem
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

/// The first run's welcome, on a real terminal (a pty from util-linux's `script`).
@Suite(.sharingTheMachine) struct WelcomeTests {
    func onATerminal(_ arguments: [String], _ sandbox: Sandbox) async throws -> ProcessResult {
        let command = ([ProcessRunner.notifierPath] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try await ProcessRunner.run("/usr/bin/script", ["-qec", command, "/dev/null"], environment: sandbox.environment())
    }

    @Test func theFirstRunOnATerminalIsWelcomedOnce() async throws {
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let first = try await onATerminal(["--once", "--output", "json"], sandbox)
        #expect(first.status == 0, "\(first.stdout)")
        #expect(first.stdout.contains("Welcome to notifier."), "\(first.stdout)")
        #expect(first.stdout.contains("notifier install"))
        #expect(first.stdout.contains("Config: \(sandbox.configFile.path)"), "\(first.stdout)")
        let second = try await onATerminal(["--once", "--output", "json"], sandbox)
        #expect(second.status == 0)
        #expect(!second.stdout.contains("Welcome"), "once only: \(second.stdout)")
    }

    @Test func withoutATerminalNothingIsPrintedOrRemembered() async throws {
        let sandbox = try Sandbox(config: CLITests.noDelay)
        let result = try await ProcessRunner.notifier(["--once", "--output", "json", "--seed", "1"], environment: sandbox.environment())
        #expect(result.status == 0)
        #expect(!result.stderr.contains("Welcome"))
        #expect(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) is [String: Any], "stdout stays JSON")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.path + "/state/notifier/welcomed"))
    }

    @Test func withNoConfigItSaysHowToMakeOne() {
        let environment = ["HOME": "/home/u"]
        let text = Welcome(paths: XDGPaths(environment: environment), environment: environment, configFile: nil).text
        #expect(text.contains("mkdir -p /home/u/.config/notifier && notifier config default > /home/u/.config/notifier/config.toml"), "\(text)")
    }
}
