import Foundation
import ProgramTestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierPulse
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// Every rule a feed brings, the tests' own feed's too: its examples hold.
@Suite struct RuleExamplesTests {
    static let rules = rulesOf(testedFeeds)

    @Test(arguments: rules.map { $0.id })
    func everyExampleHolds(_ id: String) throws {
        let rule = try #require(Self.rules.first { $0.id == id })
        #expect(!rule.examples.isEmpty, "\(rule.id) has no examples")
        for example in rule.examples {
            #expect(example.failure() == nil, "\(rule.id): \(example.failure() ?? "")")
        }
    }

    @Test func ruleIdentifiersAreUnique() {
        let ids = Self.rules.map { $0.id }
        #expect(Set(ids).count == ids.count)
    }

    /// A test-only feed's rule is as known as a shipped one: `rules` lists it, `mute` takes it.
    @Test func aRegisteredFeedsRulesAreListedAndMutable() throws {
        let ids = Self.rules.map { $0.id }
        #expect(Set(Program.notifier.rules.map { $0.id }).isSubset(of: ids))
        let added = try #require(PulseFeedKind().rules.first?.id)
        try RuleName.check(added, rules: Self.rules)
        #expect(throws: UserError.self) { try RuleName.check(added) }
    }

    /// A feed's health is a rule like the others: listed last, muted by name.
    @Test func feedHealthIsTheProgramsOwnRule() throws {
        #expect(Program.notifier.rules.last?.id == FeedHealthRule.id)
        try RuleName.check(FeedHealthRule.id, rules: Program.notifier.rules)
    }
}
