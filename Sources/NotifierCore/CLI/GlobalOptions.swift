import ArgumentParser
import Foundation
import Logging
import NotifierEngine
import NotifierSystem

/// Options every command takes.
package struct GlobalOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Read the config from this file.", discussion: "Default: $XDG_CONFIG_HOME/notifier/config.toml, else the built-in defaults.", valueName: "path"))
    package var config: String?

    @Flag(name: .shortAndLong, help: "Log debugging detail to standard error.")
    package var verbose = false

    @Flag(name: .shortAndLong, help: "Log only errors.")
    package var quiet = false
}

/// What a command needs to run: environment, config, logger and paths.
package struct AppContext: Sendable {
    package let environment: [String: String]
    package let config: Config
    package let configFile: String?
    /// `--config`, kept so SIGHUP reads the same file again.
    package let explicitConfigPath: String?
    package let logger: Logger
    package let paths: XDGPaths
    /// The clock and the time every command and view reads.
    package let time: TimeSource
    /// What the program is made of: its feeds, rules, views and config tables.
    package let program: Program

    package func now() -> Date { time.now() }

    /// Loads the config; a bad one stops the program with exit code 2 and the file and line.
    /// `asConfigCheck`: as `config check` reads it (see `ConfigLoader.load`).
    package static func load(_ options: GlobalOptions, asConfigCheck: Bool = false) throws -> AppContext {
        try load(configPath: options.config, verbose: options.verbose, quiet: options.quiet, asConfigCheck: asConfigCheck)
    }

    /// With `asConfigCheck`, what the program would run without (a reminder that never occurs)
    /// is an error too.
    package static func load(
        configPath: String?, verbose: Bool = false, quiet: Bool = false, asConfigCheck: Bool = false, program: Program = .current
    ) throws -> AppContext {
        let environment = ProcessInfo.processInfo.environment
        let logger = LogSetup.makeLogger(verbose: verbose, quiet: quiet)
        do throws(ConfigError) {
            let loaded = try ConfigLoader.load(explicitPath: configPath, environment: environment, schema: program.schema, asConfigCheck: asConfigCheck)
            if asConfigCheck, let first = loaded.leftOut.first { throw first }
            Self.warn(loaded, logger)
            return AppContext(
                environment: environment, config: loaded.config, configFile: loaded.file,
                explicitConfigPath: configPath, logger: logger, paths: XDGPaths(environment: environment), time: program.time, program: program)
        } catch {
            throw UserError.config(error)
        }
    }

    private static func warn(_ loaded: ConfigLoader.Loaded, _ logger: Logger) {
        for warning in loaded.warnings { logger.warning("\(warning)") }
        for problem in loaded.leftOut { logger.warning("\(problem); left out until it is fixed") }
    }

    /// The same context with the config read again; the error when the file is now invalid.
    package func reloaded() -> Result<AppContext, ConfigError> {
        do throws(ConfigError) {
            let loaded = try ConfigLoader.load(explicitPath: explicitConfigPath, environment: environment, schema: program.schema)
            Self.warn(loaded, logger)
            return .success(
                AppContext(
                    environment: environment, config: loaded.config, configFile: loaded.file,
                    explicitConfigPath: explicitConfigPath, logger: logger, paths: paths, time: time, program: program))
        } catch {
            return .failure(error)
        }
    }

    /// The same context logging elsewhere (nowhere, under a full-screen view).
    package func with(logger: Logger) -> AppContext {
        AppContext(
            environment: environment, config: config, configFile: configFile, explicitConfigPath: explicitConfigPath, logger: logger, paths: paths,
            time: time, program: program)
    }

    /// The store, a damaged one replaced by a fresh one (said once, as an error).
    package func openStore() throws(StoreError) -> Store {
        let (store, replaced) = try Store.openReplacingDamaged(path: paths.storePath, now: now(), migrations: program.storeMigrations)
        if let replaced { logger.error("\(replaced)") }
        for row in try store.keepAsideUnreadable(now: now()) {
            logger.error("\(row) in \(paths.storePath) cannot be read by this version; kept aside in its kept_aside table")
        }
        return store
    }
}

/// The environment holds every token of the user's shell, not only notifier's: a context (or a
/// runner or service holding one) that is printed or reflected, as a debug log may, shows its
/// config file and paths and leaves the environment out.
extension AppContext: CustomStringConvertible, CustomReflectable {
    package var description: String { "AppContext(config: \(configFile ?? "built-in defaults"))" }
    package var customMirror: Mirror {
        Mirror(self, children: ["configFile": configFile as Any, "config": config, "paths": paths], displayStyle: .struct)
    }
}

/// Failures caused by what the user asked for: a message, and exit code 2.
package enum UserError: Error, CustomStringConvertible {
    case config(ConfigError)
    case invalidArgument(String)

    package var description: String {
        switch self {
        case .config(let error): return error.description
        case .invalidArgument(let message): return message
        }
    }
}
