import Foundation
import TestSupport
import Testing

@testable import Notifier

/// docs/architecture.md's picture of the feed seam names the registered kinds, in order.
@Suite struct FeedSeamDocTests {
    @Test func thePageListsTheRegisteredKinds() throws {
        let listed = try #require(try ListedInFile.items("docs/architecture.md", onTheLineWith: "FeedRegistry.all ──▶ ["))
        #expect(listed == FeedRegistry.all.map { String(describing: type(of: $0)) })
    }

    /// What the seam derives, it derives from every kind: each rule is listed and mutable, each
    /// table documented.
    @Test func everyKindsRulesAndTablesAreKnown() throws {
        for kind in FeedRegistry.all {
            for rule in kind.rules {
                #expect(RuleRegistry.all.contains { $0.id == rule.id })
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
