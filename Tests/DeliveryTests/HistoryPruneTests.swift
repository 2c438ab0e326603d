import Foundation
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierDelivery
@testable import NotifierEngine

/// `[history] delivery_days`: the delivery history pruned in batches, its search index in step.
@Suite struct HistoryPruneTests {
    static let now = HistorySearchTests.now

    @Test func theKeyDefaultsToAYearAndIsBounded() throws {
        #expect(Config().history.deliveryDays == 365)
        #expect(try ConfigLoader.parse("[history]\ndelivery_days = 30\n", file: "c.toml").history.deliveryDays == 30)
        #expect(throws: (any Error).self) { try ConfigLoader.parse("[history]\ndelivery_days = 0\n", file: "c.toml") }
    }

    @Test func batchesPruneTheOldRowsAndTheirWordsOnly() async throws {
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path)
        for day in 0..<40 {
            try store.record(
                HistorySearchTests.delivery(day < 30 ? "recent \(day)" : "ancient \(day)", body: day < 30 ? "kept" : "dogecoin", hoursAgo: Double(day) * 24 + 1)
            )
        }
        #expect(try store.pruneDeliveries(before: Self.now.addingTimeInterval(-30 * 86400), limit: 4) == 4)
        let pruner = HistoryPruner(store: store, keepDays: 30, clock: ImmediateClock(), logger: .init(label: "test"))
        #expect(await pruner.prune(now: Self.now, batches: 1) == 6)
        #expect(await pruner.prune(now: Self.now) == 0)
        #expect(try store.history(HistoryFilter(limit: 100)).count == 30)
        #expect(try store.history(HistoryFilter(limit: 100, grep: "dogecoin")).isEmpty, "the index follows")
        #expect(try store.history(HistoryFilter(limit: 100, grep: "kept")).count == 30)
        #expect(try store.history(HistoryFilter(limit: 100, grep: "ancient")).isEmpty)
    }
}
