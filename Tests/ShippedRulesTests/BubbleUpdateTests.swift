import Foundation
import Testing

@testable import NotifierCrypto
@testable import NotifierEngine

/// A deeper move of a firing subject updates its bubble (one bubble per subject): the engine's half,
/// with the words `notifier why` prints. The clock is injected; times read in UTC.
struct BubbleUpdateTests {
    static let day = Date(timeIntervalSince1970: 1_800_000_000 - 8 * 3600) // 2027-01-15 00:00 UTC

    static func at(_ hour: Int, _ minute: Int) -> Date { day.addingTimeInterval(Double(hour * 3600 + minute * 60)) }

    static func readings(_ change: Decimal) -> [SubjectReading] {
        let ticker = Ticker(id: "90", symbol: "BTC", name: "Bitcoin", rank: 1, priceUSD: 60_000, change1h: 0, change24h: change, change7d: 0)
        return CryptoChangeRule().readings([ticker], known: [], previous: [:], locale: Locale(identifier: "en_US"))
            .filter { $0.key.subject == "BTC:down" }
    }

    @Test func firedUpdatedResolvedInThePlainWordsOfWhy() {
        var engine = RuleEngine()
        engine.timeZone = .gmt
        var notes: [DecisionNote] = []
        var alerts: [Alert] = []
        for (time, change) in [(Self.at(13, 50), Decimal(-1)), (Self.at(14, 2), -5), (Self.at(14, 31), -8.1), (Self.at(14, 40), -8.3), (Self.at(15, 10), -3)] {
            let decision = engine.evaluate(Self.readings(change), now: time)
            notes += decision.notes
            alerts += decision.alerts
        }
        #expect(alerts.map(\.emission) == [.fired, .updated])
        #expect(alerts.last?.title == "BTC −8.1 % in 24h ▼")
        #expect(notes.map(\.outcome) == [.fired, .updated, .resolved])
        #expect(notes.map { NoteText.line($0, now: Self.at(16, 0), timeZone: .gmt) }[1] == "14:31 −8.1 %: updated the bubble shown at 14:02 (was −5 %)")
        let record = engine.records[SubjectKey(rule: "crypto_change", subject: "BTC:down")]
        #expect(record?.shownMeasure == nil && record?.shownAt == nil, "resolved: nothing on screen to update")
    }

    @Test func aSecondUpdateIsMeasuredFromTheFirst() {
        var engine = RuleEngine()
        var emissions: [AlertStateMachine.Emission?] = []
        for (minute, change) in [(0, Decimal(-1)), (1, -5), (2, -7.6), (3, -9.9), (4, -10.1)] {
            emissions += engine.evaluate(Self.readings(change), now: Self.at(14, minute)).alerts.map(\.emission)
        }
        #expect(emissions == [.fired, .updated, .updated], "−7.6 is 2.6 deeper than −5; −10.1 is 2.5 deeper than −7.6, −9.9 not")
    }

    @Test func aSnoozedOrMutedSubjectIsNotUpdated() {
        let key = SubjectKey(rule: "crypto_change", subject: "BTC:down")
        for silence in ["snooze", "mute"] {
            var engine = RuleEngine()
            _ = engine.evaluate(Self.readings(-1), now: Self.at(14, 0))
            #expect(engine.evaluate(Self.readings(-5), now: Self.at(14, 1)).alerts.count == 1)
            if silence == "snooze" { engine.snoozes = [key: Self.at(23, 0)] } else { engine.mutes = ["crypto_change": Self.at(23, 0)] }
            #expect(engine.evaluate(Self.readings(-9), now: Self.at(14, 2)).alerts.isEmpty, "\(silence)")
        }
    }
}
