import Foundation
import Testing

@testable import Notifier

/// Every rule a feed brings, the tests' own feed's too: its examples hold.
@Suite struct RuleExamplesTests {
    static let rules = FeedRegistry.rules(of: testedFeeds)

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
        #expect(Array(ids.prefix(RuleRegistry.all.count)) == RuleRegistry.all.map { $0.id })
        let added = try #require(ids.last)
        try RuleName.check(added, rules: Self.rules)
        #expect(throws: UserError.self) { try RuleName.check(added) }
    }
}
