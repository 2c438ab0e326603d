import Foundation
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierEngine

/// `releaseMemory`, which a daemon's feed calls before it rests: the connections stay open and
/// the next pass prepares its statements again, mid-use of another task's reads included.
@Suite struct StoreMemoryTests {
    static let now = Date(timeIntervalSince1970: 1_798_034_400)

    static func note(_ subject: String) -> DecisionNote {
        DecisionNote(key: SubjectKey(rule: "crypto_change", subject: subject), at: now, outcome: .fired, value: "+5.1 %", detail: "notified")
    }

    @Test func theStoreReadsAndWritesAsBeforeAfterItsMemoryIsReleased() throws {
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path)
        try store.commit(records: [:], outbox: Outbox(), notes: [Self.note("BTC:up")], now: Self.now)
        #expect(try store.decisions(rule: nil, subject: nil, limit: 10).map(\.key.subject) == ["BTC:up"])
        store.releaseMemory()
        #expect(try store.decisions(rule: nil, subject: nil, limit: 10).map(\.key.subject) == ["BTC:up"])
        try store.commit(records: [:], outbox: Outbox(), notes: [Self.note("ETH:up")], now: Self.now.addingTimeInterval(1))
        store.releaseMemory()
        #expect(Set(try store.decisions(rule: nil, subject: nil, limit: 10).map(\.key.subject)) == ["BTC:up", "ETH:up"])
    }

    @Test func releasingWhileOthersReadAndWriteLosesNothing() async throws {
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for step in 0..<25 {
                        try store.commit(
                            records: [:], outbox: Outbox(), notes: [Self.note("C\(writer)-\(step)")], now: Self.now.addingTimeInterval(Double(step)))
                        _ = try store.decisions(rule: nil, subject: nil, limit: 5)
                    }
                }
            }
            group.addTask {
                for _ in 0..<50 { store.releaseMemory() }
            }
            try await group.waitForAll()
        }
        #expect(try store.decisions(rule: nil, subject: nil, limit: 1000).count == 100)
    }
}
