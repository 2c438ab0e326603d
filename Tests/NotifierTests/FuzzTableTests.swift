import Foundation
import Rules
import TestSupport
import Testing

@testable import Notifier

/// The fuzz harness compiles Feeds, Rules and Config/, not the registry, so it keeps its own copy
/// of the links the registered rules lead to; this keeps the copy the registry's.
@Suite struct FuzzTableTests {
    static let table = Samples.packageRoot.appendingPathComponent("Fuzz/FuzzTargets.swift")

    @Test func theDeepLinkTargetKnowsTheRegisteredViews() throws {
        let text = try String(contentsOf: Self.table, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("let linkViews = LinkCatalog([") })
        let inside = try #require(line.split(separator: "[").dropFirst().first?.split(separator: "]").first)
        let copied = inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["."]) }
        let shared = Set([LinkedView.list, .history, .feed].map(\.name))
        let registered = LinkCatalog.standard.views.map(\.name).filter { !shared.contains($0) }
        #expect(Set(copied) == Set(registered), "Fuzz/FuzzTargets.swift's linkViews: \(copied); the registry's: \(registered)")
    }
}
