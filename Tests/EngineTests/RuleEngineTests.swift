import Foundation
import NotifierEngine
import Testing

@Suite struct RuleEngineTests {
    static let key = SubjectKey(rule: "crypto_change", subject: "BTC:up")
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let threshold = try! Threshold(direction: .above, fireLevel: 5, rearmLevel: 4)

    static func reading(_ value: Double?, policy: AlertPolicy = AlertPolicy()) -> SubjectReading {
        SubjectReading(
            key: key, signal: value.flatMap { threshold.signal(for: $0) }, shownValue: value.map { "\($0) %" } ?? "?",
            policy: policy
        ) { emission in
            Alert(
                rule: key.rule, key: key.subject, title: "BTC \(emission)", body: "", category: "x", deepLink: .history,
                reason: "\(value ?? .nan) %")
        }
    }

    @Test func hoveringAtTheThresholdFiresOnce() {
        var engine = RuleEngine()
        var titles: [String] = []
        for (minute, value) in [3.0, 5.1, 4.9, 5.2, 4.5, 5.0, 6.0, 3.9, 5.5].enumerated() {
            titles += engine.evaluate([Self.reading(value)], now: Self.start.addingTimeInterval(Double(minute) * 60)).alerts.map(\.title)
        }
        #expect(titles == ["BTC fired", "BTC fired"], "once on the way up, once more only after re-arming below 4")
    }

    @Test func unknownReadingsChangeNothing() {
        var engine = RuleEngine()
        _ = engine.evaluate([Self.reading(6)], now: Self.start)
        let before = engine
        let decision = engine.evaluate([Self.reading(nil)], now: Self.start.addingTimeInterval(60))
        #expect(decision.alerts.isEmpty && decision.changed.isEmpty)
        #expect(engine == before)
        #expect(engine.records[Self.key]?.lastValue == "6.0 %")
    }

    @Test func aMutedRuleKeepsItsStateButSaysNothing() {
        var engine = RuleEngine(mutes: ["crypto_change": Self.start.addingTimeInterval(3600)])
        let muted = engine.evaluate([Self.reading(6)], now: Self.start)
        #expect(muted.alerts.isEmpty && muted.muted == [Self.key])
        // Still beyond the level after the mute ends: no late alert for an old crossing.
        let later = engine.evaluate([Self.reading(6.5)], now: Self.start.addingTimeInterval(7200))
        #expect(later.alerts.isEmpty)
    }

    @Test func recordsSurviveEncoding() throws {
        var engine = RuleEngine()
        _ = engine.evaluate([Self.reading(6)], now: Self.start)
        let record = try #require(engine.records[Self.key])
        let decoded = try JSONDecoder().decode(SubjectRecord.self, from: JSONEncoder().encode(record))
        #expect(decoded == record)
        #expect(decoded.lastNotified == Self.start)
    }
}
