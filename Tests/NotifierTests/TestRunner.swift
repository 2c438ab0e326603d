import Foundation
import Logging
import NotifierSystem
import ProgramTestSupport
import TestSupport

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

extension Runner {
    /// The tests' runner: the sandbox's environment and paths, `config` as the test made it (no
    /// file behind it), a logger that says nothing unless the test gives one, and the test's
    /// time. `now`, when not given, reads `start` plus how far `clock` has gone (`start` itself
    /// without a clock).
    static func testing(
        _ sandbox: Sandbox, config: Config, clock: TestClock? = nil, start: Date = Date(timeIntervalSince1970: 1_796_000_000),
        now: (@Sendable () -> Date)? = nil, logger: Logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, seed: UInt64? = nil
    ) -> Runner {
        let environment = sandbox.environment()
        let readNow: @Sendable () -> Date
        if let now {
            readNow = now
        } else if let clock {
            readNow = { start.addingTimeInterval(clock.now.offset.inSeconds) }
        } else {
            readNow = { start }
        }
        let context = AppContext(
            environment: environment, config: config, configFile: nil, explicitConfigPath: nil, logger: logger,
            paths: XDGPaths(environment: environment), time: TimeSource(clock: clock ?? ContinuousClock(), now: readNow))
        return Runner(context: context, output: .json, seed: seed)
    }
}
