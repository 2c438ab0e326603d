import Foundation
import NotifierEngine
import TestSupport
import Testing

@testable import Notifier

/// The fuzz harness compiles Feeds, Rules and Config/, not the registry, so it keeps its own copy
/// of the links the registered rules lead to; this keeps the copy the registry's.
@Suite struct FuzzTableTests {
    @Test func theDeepLinkTargetKnowsTheRegisteredViews() throws {
        let listed = try #require(try ListedInFile.items("Fuzz/FuzzTargets.swift", onTheLineWith: "let linkViews = LinkCatalog(["))
        let copied = listed.map { $0.trimmingCharacters(in: ["."]) }
        let shared = Set([LinkedView.list, .history, .feed].map(\.name))
        let registered = LinkCatalog.standard.views.map(\.name).filter { !shared.contains($0) }
        #expect(Set(copied) == Set(registered), "Fuzz/FuzzTargets.swift's linkViews: \(copied); the registry's: \(registered)")
    }
}
