import Foundation
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

/// `DIR/scenario.toml`: one key, `time_zone`; anything else is an error naming file and line.
@Suite struct ScenarioSettingsTests {
    @Test func aTimeZoneIsReadAndNothingElseIsAccepted() throws {
        #expect(try ScenarioSettings.parse("", file: "s.toml").timeZone == .gmt)
        #expect(try ScenarioSettings.parse("# Tallinn\ntime_zone = \"Europe/Tallinn\"\n", file: "s.toml").timeZone.identifier == "Europe/Tallinn")
        let refused: [(text: String, line: Int?, says: String)] = [
            ("time_zone = 2", 1, "time_zone must be a time zone name"),
            ("\ntime_zone = \"\"", 2, "time_zone must be a time zone name"),
            ("time_zone = [\"UTC\"]", 1, "time_zone must be a time zone name"),
            ("time_zone = \"Europe/Nowhere\"", 1, "time_zone must be a time zone name"),
            ("[scenario]\ntime_zone = \"UTC\"", 1, "unknown key 'scenario'"),
            ("seed = 7", 1, "unknown key 'seed'; known keys here: time_zone"),
            ("time_zone = \"UTC", 1, "not valid TOML"),
            ("time_zone = \"a\\u0000b\"", 1, "not valid TOML"),
        ]
        for (text, line, says) in refused {
            #expect(throws: ConfigError.self, "\(text)") { try ScenarioSettings.parse(text, file: "s.toml") }
            do {
                _ = try ScenarioSettings.parse(text, file: "s.toml")
            } catch {
                #expect(error.line == line && error.message.contains(says), "\(text): \(error)")
            }
        }
    }
}
