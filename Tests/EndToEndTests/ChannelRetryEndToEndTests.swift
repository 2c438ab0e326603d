import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// What a channel refused is tried again later, once; a phone's message goes away when its
/// subject resolves; the history says where an alert went in the end. Each pass is a `--once`
/// of its own, later ones with the wall clock moved on by libfaketime.
@Suite(.serialized, .sharingTheMachine) struct ChannelRetryEndToEndTests {
    typealias Desk = ReachEndToEndTests.Desk

    /// A desk where the crossing rule always sends to the phone too.
    static func ownChannelDesk() async throws -> Desk {
        let desk = try await Desk.start(whenAway: "[]")
        let config = try String(contentsOf: desk.sandbox.configFile, encoding: .utf8)
        try config.replacingOccurrences(of: "[rules.crypto_cross]\n", with: "[rules.crypto_cross]\nchannels = [\"phone\"]\n")
            .write(to: desk.sandbox.configFile, atomically: true, encoding: .utf8)
        return desk
    }

    /// One pass with BTC at `price`, the clock `offset` ahead ("+2m").
    static func pass(_ desk: Desk, btc price: String, clockAhead offset: String) async throws -> ProcessResult {
        await desk.script.set(try CryptoEndToEndTests.page(prices: ["BTC": price]))
        var environment = FakeTime.environment(desk.environment, at: "2026-01-01 00:00:00")
        environment["FAKETIME"] = offset
        let result = try await ProcessRunner.run("/bin/sh", ["-c", "exec \"$0\" \"$@\"", ProcessRunner.notifierPath, "--once", "-v"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    @Test func aRulesOwnChannelThatRefusedIsTriedAgainLaterAndGetsItOnce() async throws {
        let desk = try await Self.ownChannelDesk()
        _ = try await desk.pass(btc: "99000")
        await desk.ntfy.failNext(1)
        let refused = try await desk.pass(btc: "100500")
        #expect(await desk.ntfy.messages.isEmpty)
        #expect(refused.stderr.contains("will be tried again"), "\(refused.stderr)")
        // Not yet: the first wait is 30 s.
        _ = try await desk.pass(btc: "100500")
        #expect(await desk.ntfy.messages.isEmpty, "tried again before its backoff")
        _ = try await Self.pass(desk, btc: "100500", clockAhead: "+2m")
        #expect(await desk.ntfy.messages.map(\.title) == ["BTC rose above $100,000"], "tried again once its wait is over")
        _ = try await Self.pass(desk, btc: "100500", clockAhead: "+10m")
        #expect(await desk.ntfy.messages.count == 1, "sent once, not again")
        let calls = try await desk.desktop.notifyCalls()
        #expect(calls.components(separatedBy: "Channel phone is failing").count - 1 == 1, "\(calls)")
        #expect(calls.components(separatedBy: "Channel phone works again").count - 1 == 1, "\(calls)")
        await desk.stop()
    }

    @Test func aResolvedSubjectIsClearedOnThePhone() async throws {
        let desk = try await Self.ownChannelDesk()
        _ = try await desk.pass(btc: "99000")
        _ = try await desk.pass(btc: "100500")
        let sent = await desk.ntfy.messages
        #expect(sent.count == 1)
        #expect(await desk.ntfy.clears.isEmpty, "nothing resolved yet")
        _ = try await desk.pass(btc: "98000")
        #expect(await desk.ntfy.clears == sent.compactMap(\.sequenceID), "the phone's message is cleared by its sequence id")
        _ = try await desk.pass(btc: "97000")
        #expect(await desk.ntfy.clears.count == 1, "cleared once")
        try await Task.sleep(for: .seconds(1.1))
        _ = try await desk.pass(btc: "100600")
        let again = await desk.ntfy.messages
        #expect(again.count == 2)
        #expect(again.last?.sequenceID != sent.first?.sequenceID, "the next episode is a message of its own: \(again.map(\.sequenceID))")
        await desk.stop()
    }

    @Test func whenEveryChannelRefusesTheHistorySaysTheDesktopShowedIt() async throws {
        let desk = try await Desk.start()
        _ = try await desk.pass(btc: "99000")
        try await desk.logind.setLocked(true, session: ReachEndToEndTests.session)
        await desk.ntfy.failNext(10)
        _ = try await desk.pass(btc: "100500")
        let history = try await ProcessRunner.notifier(["history", "--json"], environment: desk.environment)
        let rows = history.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }.filter { ($0["title"] as? String)?.contains("BTC rose above") == true }
        #expect(rows.map { $0["sink"] as? String } == ["desktop"], "\(history.stdout)")
        await desk.stop()
    }
}
