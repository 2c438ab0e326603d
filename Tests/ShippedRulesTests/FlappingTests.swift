import Foundation
import NotifierCrypto
import NotifierEngine
import Testing

/// Flapping, pure, on injected dates: a price swinging across a level.
struct FlappingTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let flap = FlapPolicy(crossings: 4, within: .seconds(2 * 3600))

    /// One poll per price, `step` seconds apart, through one engine; the alerts and notes of each.
    func run(_ prices: [Decimal], step: TimeInterval = 600, engine: inout RuleEngine, from start: Date? = nil)
        -> (titles: [String], notes: [DecisionNote])
    {
        let rule = PriceCrossingRule(levels: [PriceCrossingRule.Level(parsing: "ETH < 1800")!], policy: AlertPolicy(flap: flap))
        var titles: [String] = []
        var notes: [DecisionNote] = []
        for (index, price) in prices.enumerated() {
            let now = (start ?? t0).addingTimeInterval(Double(index) * step)
            let ticker = Ticker(id: "80", symbol: "ETH", name: "Ethereum", rank: 2, priceUSD: price)
            let decision = engine.evaluate(rule.readings([ticker], locale: Locale(identifier: "en_US")), now: now)
            titles += decision.alerts.map(\.title)
            notes += decision.notes
        }
        return (titles, notes)
    }

    @Test func theFourthCrossingWithinTwoHoursSaysFlappingThenQuietThenCalm() {
        var engine = RuleEngine()
        let swings: [Decimal] = [1900, 1790, 1900, 1790, 1900, 1790, 1900, 1790, 1900, 1790, 1900, 1790]
        let (titles, allNotes) = run(swings, engine: &engine)
        // The engine notes every decision (`notifier why`); these are flapping's own.
        let notes = allNotes.filter { $0.outcome == .flapping || $0.outcome == .calm }
        #expect(
            titles == [
                "ETH fell below $1,800", "ETH fell below $1,800", "ETH fell below $1,800",
                "ETH flapping around $1,800: 4 moves in 2h — quiet until it settles",
            ])
        #expect(notes.map(\.outcome) == [.flapping, .flapping, .flapping])
        #expect(notes.last?.detail.hasPrefix("not notified (fired): flapping") == true, "\(notes)")

        // The last crossing was at 110 min; calm once two hours have passed since, not before.
        let after = run([1900, 1900], step: 3600, engine: &engine, from: t0.addingTimeInterval(120 * 60))
        #expect(after.titles.isEmpty, "one hour after the last crossing: still flapping")
        let calm = run([1900], engine: &engine, from: t0.addingTimeInterval(110 * 60 + 7200))
        #expect(calm.titles == ["ETH calm again around $1,800: no moves for 2h, now $1900"])
        #expect(calm.notes.map(\.outcome) == [.calm])
        #expect(calm.notes.first?.detail.hasSuffix("2 not notified while flapping") == true, "\(calm.notes)")

        // Calm is calm: the next crossing is told as usual.
        #expect(run([1790], engine: &engine, from: t0.addingTimeInterval(6 * 3600)).titles == ["ETH fell below $1,800"])
    }

    @Test func crossingsSpreadWiderThanTheWindowNeverFlap() {
        var engine = RuleEngine()
        let (titles, notes) = run([1900, 1790, 1900, 1790, 1900, 1790, 1900, 1790, 1900, 1790], step: 1800, engine: &engine)
        #expect(titles.count == 5 && titles.allSatisfy { $0 == "ETH fell below $1,800" }, "\(titles)")
        #expect(notes.filter { $0.outcome == .flapping }.isEmpty)
    }

    @Test func offWithoutAFlapPolicy() {
        var engine = RuleEngine()
        let rule = PriceCrossingRule(levels: [PriceCrossingRule.Level(parsing: "ETH < 1800")!])
        var count = 0
        for (index, price) in ([1900, 1790, 1900, 1790, 1900, 1790, 1900, 1790, 1900, 1790] as [Decimal]).enumerated() {
            let ticker = Ticker(id: "80", symbol: "ETH", name: "Ethereum", rank: 2, priceUSD: price)
            count += engine.evaluate(rule.readings([ticker], locale: Locale(identifier: "en_US")), now: t0.addingTimeInterval(Double(index) * 60)).alerts.count
        }
        #expect(count == 5)
        #expect(engine.records.values.allSatisfy { $0.flap == nil })
    }

    @Test func aRecordStoredBeforeFlappingStillDecodes() throws {
        let old = #"{"machine":{"state":{"armed":{}}},"lastValue":"$1900"}"#
        let record = try JSONDecoder().decode(SubjectRecord.self, from: Data(old.utf8))
        #expect(record.flap == nil && record.lastValue == "$1900")
    }

    @Test func theDetectorForgetsFiresOlderThanTheWindow() {
        var detector = FlapDetector()
        for minutes in [0.0, 50, 100, 150] {
            let verdict = detector.observe(.fired, now: t0.addingTimeInterval(minutes * 60), policy: flap)
            #expect(verdict == .show)
        }
        #expect(detector.fires.count == 3, "the fire at 0 is more than 2 h before the one at 150")
        let flapping = detector.observe(.fired, now: t0.addingTimeInterval(160 * 60), policy: flap)
        #expect(flapping == .startFlapping(fires: 4))
        let quiet = detector.observe(.resolved, now: t0.addingTimeInterval(175 * 60), policy: flap)
        #expect(quiet == .suppress)
        let early = detector.settle(now: t0.addingTimeInterval(160 * 60 + 7199), policy: flap)
        #expect(!early)
        let calm = detector.settle(now: t0.addingTimeInterval(160 * 60 + 7200), policy: flap)
        #expect(calm)
        #expect(!detector.isFlapping)
    }
}
