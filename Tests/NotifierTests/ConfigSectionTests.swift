import Foundation
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

/// Each section owns its block of the documented default file: the block alone says the
/// section's defaults and names exactly its keys.
@Suite struct ConfigSectionTests {
    @Test func eachBlockSaysItsSectionsDefaultsAndNamesItsKeys() throws {
        for section in Config.sections {
            #expect(try ConfigLoader.parse(section.documented + "\n", file: section.table) == Config(), "\(section.table)")
            let lines = section.documented.split(separator: "\n")
            #expect(lines.first == "[\(section.table)]")
            let keys = lines.filter { !$0.hasPrefix("#") && $0.contains(" = ") }.map { String($0.prefix { $0 != " " }) }
            // Every rule's `channels`, `acknowledge` and `escalate` are documented once, with
            // [[channels]] and the reminders' example.
            let shared = ["channels", "acknowledge", "escalate"]
            let own = section.settings.map { $0.path.last! }.filter { !(section.table.hasPrefix("rules.") && shared.contains($0)) }
            #expect(keys.sorted() == own.sorted(), "\(section.table)")
        }
    }

    @Test func tablesAreNamedOnce() {
        #expect(Set(Config.sections.map(\.table)).count == Config.sections.count)
    }
}
