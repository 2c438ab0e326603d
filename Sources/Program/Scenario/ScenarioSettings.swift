import Foundation
import NotifierCore
import NotifierEngine
import TOMLKit

/// A scenario's own settings, `DIR/scenario.toml`, apart from the rules' `config.toml`:
/// where its clock reads times (`time_zone`). Absent, the scenario is in UTC. (No launch
/// country: it is no decision over a feed, `why` records none, and its pick is random.)
package struct ScenarioSettings: Sendable, Equatable {
    /// Where recordings' names, "today" and the printed times are read.
    package var timeZone: TimeZone = .gmt

    package static let fileName = "scenario.toml"
    package static let keys = ["time_zone"]

    /// `directory`'s `scenario.toml`, or the defaults when there is none.
    package static func read(_ directory: String) throws(ConfigError) -> ScenarioSettings {
        let path = directory + "/" + fileName
        guard ConfigFileReader.somethingExists(at: path) else { return ScenarioSettings() }
        return try parse(try ConfigFileReader.read(path), file: path)
    }

    package static func parse(_ text: String, file: String) throws(ConfigError) -> ScenarioSettings {
        let table = try ConfigLoader.table(text, file: file)
        let lines = TOMLKeyLines(text: text)
        var settings = ScenarioSettings()
        for (name, value) in table {
            func problem(_ message: String) -> ConfigError { ConfigError(file: file, line: lines.line(of: [name]), message: message) }
            switch name {
            case "time_zone":
                guard let identifier = value.string, let zone = TimeZone(identifier: identifier), !identifier.isEmpty else {
                    throw problem("time_zone must be a time zone name such as \"Europe/Tallinn\" or \"UTC\"")
                }
                settings.timeZone = zone
            default:
                throw problem("unknown key '\(name)'; known keys here: \(keys.joined(separator: ", ")) (the rules' settings go in config.toml)")
            }
        }
        return settings
    }
}
