import Foundation
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierEngine

/// The `decision` table: written with the poll's commit, pruned after `[history] days`, and
/// found by the subject as people type it.
@Suite struct StoreDecisionsTests {
    static let now = Date(timeIntervalSince1970: 1_798_034_400)

    static func note(_ subject: String, daysAgo: Double = 0, outcome: DecisionNote.Outcome = .coolingDown) -> DecisionNote {
        DecisionNote(
            key: SubjectKey(rule: "crypto_change", subject: subject), at: now.addingTimeInterval(-daysAgo * 86400),
            outcome: outcome, value: "−5.4 %", detail: "not notified, cooling down until 15:02 after the 14:02 notification")
    }

    @Test func notesAreKeptForTheConfiguredDaysThenPruned() throws {
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path)
        try store.commit(
            records: [:], outbox: Outbox(), notes: [Self.note("BTC:down", daysAgo: 40), Self.note("BTC:down", daysAgo: 20)],
            keepDays: 30, now: Self.now)
        let kept = try store.decisions(rule: "crypto_change", subject: "BTC", limit: 10)
        #expect(kept.count == 1)
        #expect(kept.first == Self.note("BTC:down", daysAgo: 20))
        try store.commit(records: [:], outbox: Outbox(), notes: [Self.note("BTC:up")], keepDays: 7, now: Self.now)
        #expect(try store.decisions(rule: nil, subject: nil, limit: 10).map(\.key.subject) == ["BTC:up"])
    }

    @Test func aSubjectIsFoundAsPeopleTypeIt() throws {
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path)
        let notes = ["BTC:up", "BTC:down", "BTCB:up", "ETH:down"].enumerated().map { Self.note($0.element, daysAgo: Double(4 - $0.offset) / 100) }
        try store.commit(records: [:], outbox: Outbox(), notes: notes + [Self.note("ETH:up", outcome: .fired)], now: Self.now)
        #expect(try store.decisions(rule: "crypto_change", subject: "btc", limit: 10).map(\.key.subject) == ["BTC:up", "BTC:down"])
        #expect(try store.decisions(rule: "crypto_change", subject: "btc:DOWN", limit: 10).map(\.key.subject) == ["BTC:down"])
        #expect(try store.decisions(rule: "crypto_change", subject: "b%", limit: 10).isEmpty, "LIKE's wildcards are taken literally")
        #expect(
            try store.decisions(rule: nil, subject: nil, suppressionsOnly: true, limit: 2).map(\.key.subject) == ["BTCB:up", "ETH:down"],
            "the newest suppressions, oldest first; fired is not one")
        #expect(try store.latestDecisions()[SubjectKey(rule: "crypto_change", subject: "ETH:up")]?.outcome == .fired)
    }

    /// A feed's failure is one row per rule, found by `why RULE SUBJECT` for each of its subjects.
    @Test func aNoteAboutEverySubjectIsFoundForEach() throws {
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path)
        let every = DecisionNote(
            key: SubjectKey(rule: "crypto_change", subject: DecisionNote.everySubject), at: Self.now, outcome: .feedUnknown,
            detail: "not evaluated, the feed failed, state kept as of 13:50 (each of its 2 subjects)")
        let elsewhere = DecisionNote(key: SubjectKey(rule: "crypto_move", subject: DecisionNote.everySubject), at: Self.now, outcome: .feedUnknown)
        try store.commit(records: [:], outbox: Outbox(), notes: [Self.note("BTC:down", daysAgo: 0.01), every, elsewhere], now: Self.now)
        #expect(try store.decisions(rule: "crypto_change", subject: "BTC", limit: 10) == [Self.note("BTC:down", daysAgo: 0.01), every])
        #expect(try store.decisions(rule: "crypto_change", subject: "ETH", limit: 10) == [every])
        #expect(
            try store.decisions(rule: nil, subject: nil, suppressionsOnly: true, limit: 10).map(\.shownSubject)
                == ["BTC:down", "(every subject)", "(every subject)"])
    }
}
