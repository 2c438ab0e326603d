import Foundation
import Logging
import NotifierSystem
import ProgramTestSupport
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

@Suite struct SecretTests {
    static let key = "planted-api-key-5e1c"

    @Test func everyWayOfShowingASecretShowsStars() throws {
        var config = Config()
        config.forecast.apiKey = Secret(Self.key)
        let secret = config.forecast.apiKey
        var dumped = ""
        dump(config, to: &dumped)
        var shown = [
            "\(secret)", String(reflecting: secret), "\(config)", String(reflecting: config), dumped,
            String(decoding: try JSONEncoder().encode(["key": secret]), as: UTF8.self),
        ]
        shown += Mirror(reflecting: secret).children.map { "\($0.value)" }
        for text in shown { #expect(!text.contains(Self.key), "\(text)") }
        #expect("\(secret)" == "***")
        #expect(secret.revealed == Self.key)
    }

    @Test func aContextAndTheDaemonNameNoEnvironmentAndNoKey() {
        let context = AppContext(
            environment: ["SHELL_TOKEN": "shell-secret-8a2f"],
            config: {
                var config = Config()
                config.holidays.apiKey = Secret(Self.key)
                return config
            }(),
            configFile: "/home/u/.config/notifier/config.toml", explicitConfigPath: nil, logger: Logger(label: "test"),
            paths: XDGPaths(environment: ["HOME": "/home/u"]), time: .system)
        let service = DaemonService(runner: Runner(context: context, output: .json, seed: nil))
        var dumped = ""
        dump(service, to: &dumped)
        for text in ["\(service)", String(reflecting: service), "\(context)", String(reflecting: context), dumped] {
            #expect(!text.contains("shell-secret-8a2f") && !text.contains(Self.key), "\(text)")
        }
        #expect("\(service)" == "DaemonService")
    }
}
