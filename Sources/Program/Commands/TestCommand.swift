import ArgumentParser
import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

package struct TestCommand: AsyncParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run the rules over recorded responses, with a clock set to each one's time.",
        discussion: """
            DIR holds files of API responses named with the time (UTC) they stand for and their feed, \
            such as 0001-2026-12-23T09:00.coinlore.json; feeds: coinlore, holidays, open-meteo, \
            openweathermap, and watch-NAME for each of your [[watches]] (its source's JSON). Fresh private state: no network, no store, no desktop. The rules are \
            DIR/config.toml's, else --config's, else the built-in defaults. DIR/scenario.toml may set \
            time_zone = "Europe/Tallinn": the names' times, "today" and the printed times are then \
            local times there.
            """
    )

    @OptionGroup package var global: GlobalOptions

    @Argument(help: "The directory of recorded responses.")
    package var directory: String

    @Option(help: ArgumentHelp("Compare with this golden file; exit 1 and print the difference when they differ.", valueName: "file"))
    package var expect: String?

    package func run() async throws {
        CostlyConfigChecks.enable()
        let logger = LogSetup.makeLogger(verbose: global.verbose, quiet: global.quiet)
        let own = directory + "/config.toml"
        let configPath = FileManager.default.fileExists(atPath: own) ? own : global.config
        let program = Program.current
        let config: Config
        let settings: ScenarioSettings
        do {
            config =
                try configPath.map { path throws(ConfigError) in try ConfigLoader.load(explicitPath: path, environment: [:], schema: program.schema).config
                } ?? Config(program.schema)
            settings = try ScenarioSettings.read(directory)
        } catch {
            throw UserError.config(error)
        }
        let feeds = program.feeds.compactMap { $0 as? any RecordedFeed }
        let scenario: Scenario
        do {
            let suffixes = feeds.flatMap { $0.recordingSuffixes(with: config) }
            scenario = try Scenario.read(directory, suffixes: Set(suffixes), timeZone: settings.timeZone)
        } catch {
            throw UserError.invalidArgument(error.description)
        }
        let output = await ScenarioReplay(config: config, timeZone: settings.timeZone).report(scenario, feeds: feeds, migrations: program.storeMigrations)
        guard let expect else {
            FileHandle.standardOutput.write(text: output)
            return
        }
        guard let golden = FileManager.default.contents(atPath: expect).map({ String(decoding: $0, as: UTF8.self) }) else {
            throw UserError.invalidArgument("cannot read the golden file \(TextSanitizer.echoed(expect, limit: 200))")
        }
        guard golden != output else {
            print("\(scenario.steps.count) recordings: as expected (\(expect))")
            return
        }
        logger.error("the decisions differ from \(expect) (- expected, + now):")
        FileHandle.standardOutput.write(text: Self.difference(expected: golden, actual: output))
        throw ExitCode(Exit.failure)
    }

    /// The lines only one side has, in order: "- " expected, "+ " now.
    package static func difference(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var lines: [(offset: Int, text: String)] = []
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, let line, _): lines.append((offset, "- " + line))
            case .insert(let offset, let line, _): lines.append((offset, "+ " + line))
            }
        }
        return lines.sorted { $0.offset < $1.offset }.map(\.text).joined(separator: "\n") + "\n"
    }
}
