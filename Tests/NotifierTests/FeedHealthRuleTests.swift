import Foundation
import NotifierSystem
import ProgramTestSupport
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierCrypto
@testable import NotifierDelivery
@testable import NotifierEngine
@testable import NotifierProgram

/// A feed's health is a rule: a failing feed's notice is muted by `mute feed_health`, noted for
/// `why`, and listed by `rules` with each feed's run of failures.
@Suite struct FeedHealthRuleTests {
    static let failure = FeedError.httpStatus(
        RequestContext(feed: "crypto", method: "GET", url: "http://127.0.0.1:9/api/tickers"), status: 503, retryAfter: nil)

    @Test func aMutedFeedHealthIsNotShownAndSaysWhy() async throws {
        let sandbox = try Sandbox()
        var config = Config()
        config.crypto.degradedAfter = 2
        let runner = Runner.testing(sandbox, config: config)
        let store = try Store(path: sandbox.storeFile.path)
        try store.setMute(rule: FeedHealthRule.id, until: .distantFuture)
        let sink = RecordingSink(name: "test")
        let round = CryptoRound(
            runner.environment(
                store: store, dispatcher: Dispatcher(sink: sink, store: store, config: config, logger: runner.logger, elsewhere: .network), launch: false))
        for _ in 1...2 { _ = await round.decide(.failure(Self.failure), now: runner.now()) }
        #expect(await sink.alerts.isEmpty, "muted: nothing shown")
        let noted = try store.decisions(rule: FeedHealthRule.id, subject: "crypto", limit: 10)
        #expect(noted.map(\.outcome) == [.muted], "\(noted)")
        #expect(noted.first?.detail == "not shown, feed_health is muted until unmuted")

        let rules = RulesCommand.text(context: runner.context, now: runner.now(), style: TerminalStyle(enabled: false))
        #expect(rules.contains("feed_health  A feed's polls failing several times in a row, and their recovery  [muted]"), "\(rules)")
        #expect(rules.contains("  crypto  2 failures in a row: "), "the home screen's words: \(rules)")
        #expect(rules.contains("last decision"), "\(rules)")

        // Unmuted, the recovery is told and noted as notified.
        try store.setMute(rule: FeedHealthRule.id, until: nil)
        _ = await round.decide(.success([]), now: runner.now().addingTimeInterval(60))
        #expect(await sink.alerts.map(\.title) == ["crypto feed recovered"])
        #expect(try store.decisions(rule: FeedHealthRule.id, subject: "crypto", limit: 1).first?.outcome == .fired)
    }
}
