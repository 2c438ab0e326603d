import Foundation
import TestSupport
import Testing

@testable import NotifierEngine

/// Rules the engine does not decide are muted at delivery, in the engine's words.
@Suite struct MuteGateTests {
    let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
    let outside: Set<String> = ["launch_country", "feed_health"]

    @Test func aMutedOutsideRuleIsHeldAndNoted() throws {
        let health = FeedHealthRule.alert(feed: "crypto", event: .degraded, failures: 5, cause: "HTTP 503")
        let engine = sampleAlert(rule: "crypto_change", key: "BTC")
        let gate = MuteGate.apply(
            [health, engine], outsideTheEngine: outside, mutes: ["feed_health": .distantFuture, "crypto_change": .distantFuture],
            now: now, timeZone: .gmt)
        // The engine's own rule was decided already, its mute applied there: it passes.
        #expect(gate.passed.map(\.rule) == ["crypto_change"])
        let note = try #require(gate.notes.first)
        #expect(gate.notes.count == 1)
        #expect(note.key == SubjectKey(rule: "feed_health", subject: "crypto") && note.outcome == .muted)
        #expect(note.detail == "not shown, feed_health is muted until unmuted")
    }

    @Test func anExpiredMuteLetsItThroughNotedAsNotified() throws {
        let country = sampleAlert(rule: "launch_country", key: "KZ", title: "Kazakhstan")
        let gate = MuteGate.apply([country], outsideTheEngine: outside, mutes: ["launch_country": now], now: now, timeZone: .gmt)
        #expect(gate.passed.map(\.key) == ["KZ"])
        let note = try #require(gate.notes.first)
        #expect(note.outcome == .fired && note.detail == "notified: Kazakhstan")
    }

    @Test func aMuteUntilATimeSaysTheTime() throws {
        let later = now.addingTimeInterval(2 * 3600)
        let health = FeedHealthRule.alert(feed: "forecast", event: .recovered, failures: 0, cause: nil)
        let gate = MuteGate.apply([health], outsideTheEngine: outside, mutes: ["feed_health": later], now: now, timeZone: .gmt)
        #expect(gate.passed.isEmpty)
        #expect(gate.notes.first?.detail == "not shown, feed_health is muted until \(NoteText.clock(later, now: now, timeZone: .gmt))")
    }
}
