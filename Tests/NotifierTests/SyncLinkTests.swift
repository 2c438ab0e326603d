import Foundation
import Logging
import TestSupport
import Testing

@testable import Notifier
@testable import NotifierCore
@testable import NotifierCountries
@testable import NotifierCrypto
@testable import NotifierEngine
@testable import NotifierForecast
@testable import NotifierHolidays
@testable import NotifierReminders
@testable import NotifierSubscriptions
@testable import NotifierWatches

/// This machine's side of `[sync]` against a real store, without a server: what the topic's
/// lines leave in the store, and a claim decided from the claims seen.
@Suite struct SyncLinkTests {
    /// Publishes nothing; counts what it was asked to publish, and answers as it is told.
    actor Publisher: AlertSink {
        nonisolated let name = "test"
        var published: [SyncMessage] = []
        let answer: Result<String?, ChannelSender.Failure>

        init(answer: Result<String?, ChannelSender.Failure>) { self.answer = answer }

        func deliver(_ alert: Alert, at time: Date) async throws(DeliveryError) {}

        func publish(_ message: SyncMessage, on sync: SyncSettings) async -> Result<String?, ChannelSender.Failure> {
            published.append(message)
            return answer
        }
    }

    static let settings = SyncSettings(ntfy: "http://127.0.0.1:9/sync", token: "", machine: "laptop")
    static let episode = "watch-tank-above-" + String(Int64(1_795_000_000), radix: 36)

    static func line(_ id: String, _ text: String) -> LineSplitter.Piece {
        let object: [String: Any] = ["id": id, "time": 1, "event": "message", "topic": "sync", "message": text]
        return .line(try! JSONSerialization.data(withJSONObject: object))
    }

    func link() throws -> (SyncLink, Sandbox) {
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path)
        return (try #require(SyncLink.make(Self.settings, store: store, logger: Logger(label: "test"))), sandbox)
    }

    @Test func theTopicsLinesAreKeptEachOnceAndOnlyOthersAcknowledgementsApplied() throws {
        let (link, sandbox) = try link()
        _ = sandbox
        #expect(try link.store.syncInstance() == link.instance, "made once, kept")
        let theirs = SyncMessage(kind: .ack, id: Self.episode, by: "desk", from: "0a1b2c")
        let mine = SyncMessage(kind: .ack, id: Self.episode, by: "laptop", from: link.instance)
        let batch: [LineSplitter.Piece] = [
            .line(Data(#"{"id":"o1","event":"open","topic":"sync"}"#.utf8)), Self.line("m1", mine.text), Self.line("m2", theirs.text),
            Self.line("m3", "Backup done"), .tooLong(bytes: 10_000_000), Self.line("m2", theirs.text),
        ]
        let (acknowledgements, last) = link.take(batch, now: Date())
        #expect(acknowledgements == [theirs], "its own is not applied; one read twice is applied once")
        #expect(last == "m2")
        #expect(link.take([Self.line("m2", theirs.text)], now: Date()).acknowledgements.isEmpty, "after a reconnection: not again")
        #expect(try link.store.syncAcknowledgements(near: Self.episode, notFrom: link.instance) == [theirs])
    }

    @Test func theFirstClaimSeenDecidesWithoutPublishingAgain() async throws {
        let (link, sandbox) = try link()
        _ = sandbox
        let desk = SyncMessage(kind: .claim, id: Self.episode, by: "desk", from: "0a1b2c")
        let mine = SyncMessage(kind: .claim, id: Self.episode, by: "laptop", from: link.instance)
        _ = link.take([Self.line("c1", desk.text), Self.line("c2", mine.text)], now: Date())
        let publisher = Publisher(answer: .success("x"))
        #expect(await link.claim(Self.episode, sink: publisher, now: Date()) == .theirs(by: "desk"))
        #expect(await publisher.published.isEmpty)
    }

    @Test func aClaimThatCannotBeMadeOrFoundSends() async throws {
        let (link, sandbox) = try link()
        _ = sandbox
        let failing = Publisher(answer: .failure(ChannelSender.Failure(description: "ntfy answered 500")))
        #expect(await link.claim(Self.episode, sink: failing, now: Date()) == .unclaimed)
        #expect(await failing.published.map(\.kind) == [.claim])
        // A dry run's recorder answers with no id: nothing to look for.
        let recorder = DryRunRecorder()
        #expect(await link.claim(Self.episode, sink: recorder, now: Date()) == .unclaimed)
        #expect(await recorder.report.text.contains("would publish a claim on \(Self.episode) on the sync topic"))
    }
}
