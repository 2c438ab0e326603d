import Foundation
import ProgramTestSupport
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

/// What the program derives from its feeds, it derives from every one: each rule is listed and
/// mutable, each table documented.
@Suite struct FeedSeamDocTests {
    @Test func everyKindsRulesAndTablesAreKnown() throws {
        for kind in Program.notifier.feeds {
            for rule in kind.rules {
                #expect(Program.notifier.rules.contains { $0.id == rule.id })
                try RuleName.check(rule.id)
            }
            for section in kind.configSections {
                #expect(DefaultConfig.text.contains("[\(section.table)]\n"), "\(section.table)")
            }
            for list in kind.configEntryLists {
                #expect(DefaultConfig.text.contains("[[\(list.array)]]"), "\(list.array)")
            }
        }
    }
}
