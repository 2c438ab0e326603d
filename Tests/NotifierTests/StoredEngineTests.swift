import Foundation
import Logging
import ProgramTestSupport
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierProgram
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// Only a rule's first poll after a start (a `--once`, a daemon generation:
/// each has its own desk) tells a change as one made while notifier was not running.
@Suite struct StoredEngineTests {
    static let key = SubjectKey(rule: "crypto_change", subject: "BTC:down")
    static let start = Date(timeIntervalSince1970: 1_798_034_400)

    static func reading(_ signal: Threshold.Signal) -> SubjectReading {
        SubjectReading(key: key, signal: signal, shownValue: "x", policy: AlertPolicy()) { _ in
            Alert(rule: key.rule, key: "BTC", title: "BTC", body: "body", category: "x", deepLink: .history)
        }
    }

    @Test func onlyTheFirstPollAfterAStartTellsAChangeWhileStopped() async throws {
        let engine = StoredEngine(store: nil, logger: Logger(label: "test"))
        _ = await engine.decide([Self.reading(.rearmed)], now: Self.start.addingTimeInterval(-7200), interval: .seconds(300))
        // Within the same desk (one running daemon), a poll after a long backoff is an ordinary one.
        let backoff = await engine.decide([Self.reading(.beyondFire)], now: Self.start, interval: .seconds(300))
        #expect(backoff.notes.map(\.outcome) == [.fired])

        // A new desk on the stored states (a restart): the first poll tells it, the next does not.
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path)
        let before = StoredEngine(store: store, logger: Logger(label: "test"))
        let first = await before.decide([Self.reading(.rearmed)], now: Self.start.addingTimeInterval(-7200), interval: .seconds(300))
        try store.commit(records: first.changed, outbox: Outbox(), now: Self.start.addingTimeInterval(-7200))
        let after = StoredEngine(store: store, logger: Logger(label: "test"))
        let restarted = await after.decide([Self.reading(.beyondFire)], now: Self.start, interval: .seconds(300))
        #expect(restarted.notes.map(\.outcome) == [.changedWhileStopped])
        #expect(restarted.alerts.first?.body.hasPrefix("Since notifier last ran, ") == true)
    }
}
