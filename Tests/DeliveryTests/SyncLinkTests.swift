import Foundation
import Logging
import NotifierSystem
import TestSupport
import Testing

@testable import NotifierCore
@testable import NotifierDelivery
@testable import NotifierEngine

/// This machine's side of `[sync]` against a real store, without a server: what the topic's
/// lines leave in the store, and a claim decided from the claims seen.
@Suite struct SyncLinkTests {
    /// Publishes nothing; counts what it was asked to publish, and answers as it is told.
    actor Publisher: SyncPublishing {
        var published: [SyncMessage] = []
        let answer: Result<String?, ChannelSender.Failure>

        init(answer: Result<String?, ChannelSender.Failure>) { self.answer = answer }

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
        #expect(await link.claim(Self.episode, publisher: publisher, now: Date()) == .theirs(by: "desk"))
        #expect(await publisher.published.isEmpty)
    }

    @Test func aClaimThatCannotBeMadeOrFoundSends() async throws {
        let (link, sandbox) = try link()
        _ = sandbox
        let failing = Publisher(answer: .failure(ChannelSender.Failure(description: "ntfy answered 500")))
        #expect(await link.claim(Self.episode, publisher: failing, now: Date()) == .unclaimed)
        #expect(await failing.published.map(\.kind) == [.claim])
        // A dry run's recorder answers with no id: nothing to look for.
        let recorder = DryRunRecorder()
        #expect(await link.claim(Self.episode, publisher: recorder, now: Date()) == .unclaimed)
        #expect(await recorder.report.text.contains("would publish a claim on \(Self.episode) on the sync topic"))
    }
}

/// With `[sync] key`: what this machine publishes is signed, and what the topic carries is taken
/// only when signed with the same key, or when it is the phone's acknowledgement with the proof
/// its message carried; anything else is refused.
@Suite struct SyncSealTests {
    static let key = "0123456789abcdef0123456789abcdef"

    func link(key: String = SyncSealTests.key) throws -> (SyncLink, Sandbox) {
        let sandbox = try Sandbox()
        var topic = SyncTopic.shared
        topic.environment = ["SYNC_KEY": key]
        let settings = SyncSettings(ntfy: "http://127.0.0.1:9/sync", machine: "laptop", key: "${env:SYNC_KEY}")
        let link = try #require(SyncLink.make(settings, store: try Store(path: sandbox.storeFile.path), logger: Logger(label: "test"), topic: topic))
        return (link, sandbox)
    }

    @Test func onlyWhatTheKeySignedOrTheProofOpensIsTaken() throws {
        let (link, sandbox) = try link()
        _ = sandbox
        let seal = try #require(link.seal)
        let forgedClaim = SyncMessage(kind: .claim, id: SyncLinkTests.episode, by: "mallory", from: "0a1b2c")
        let forgedAck = SyncMessage(kind: .ack, id: SyncLinkTests.episode, by: "mallory", from: "0a1b2c")
        let otherKey = try #require(SyncSeal(key: Array("another key of thirty-two bytes!".utf8)))
        let phone = SyncMessage.fromThePhone(acknowledging: SyncLinkTests.episode, proof: seal.proof(acknowledging: SyncLinkTests.episode))
        let phoneForOtherEpisode = SyncMessage.fromThePhone(acknowledging: SyncLinkTests.episode, proof: seal.proof(acknowledging: "watch-x-tro8w0"))
        let desk = seal.sealed(SyncMessage(kind: .ack, id: SyncLinkTests.episode, by: "desk", from: "0d0e0f"))
        var renamed = desk
        renamed.by = "mallory"
        let batch = [
            forgedClaim.text, forgedAck.text, otherKey.sealed(forgedAck).text, SyncMessage.fromThePhone(acknowledging: SyncLinkTests.episode).text,
            phoneForOtherEpisode.text, renamed.text, phone.text, desk.text,
        ].enumerated().map { SyncLinkTests.line("m\($0.offset)", $0.element) }
        let (acknowledgements, _) = link.take(batch, now: Date())
        #expect(acknowledgements == [phone, desk])
        #expect(try link.store.syncClaims(near: SyncLinkTests.episode).isEmpty, "the forged claim is not kept")
        #expect(seal.refusal(of: forgedClaim) == "a claim that is not signed with the [sync] key")
        #expect(seal.refusal(of: otherKey.sealed(forgedAck)) == "an acknowledgement signed with another key")
        #expect(seal.refusal(of: renamed) == "an acknowledgement signed with another key", "a signed field changed")
    }

    @Test func whatThisMachinePublishesIsSigned() async throws {
        let (link, sandbox) = try link()
        _ = sandbox
        let publisher = SyncLinkTests.Publisher(answer: .failure(ChannelSender.Failure(description: "offline")))
        _ = await link.claim(SyncLinkTests.episode, publisher: publisher, now: Date())
        let claim = try #require(await publisher.published.first)
        #expect(claim.signature?.count == 64)
        #expect(link.seal?.refusal(of: claim) == nil)
        #expect(SyncMessage.parse(claim.text) == .success(claim), "the signature travels in the text")
    }

    @Test func aShortOrMissingKeyTurnsSyncOff() throws {
        let sandbox = try Sandbox()
        let store = try Store(path: sandbox.storeFile.path)
        var topic = SyncTopic.shared
        topic.environment = ["SYNC_KEY": "short"]
        let settings = SyncSettings(ntfy: "http://127.0.0.1:9/sync", key: "${env:SYNC_KEY}")
        #expect(SyncLink.make(settings, store: store, logger: Logger(label: "test"), topic: topic) == nil)
        topic.environment = [:]
        #expect(SyncLink.make(settings, store: store, logger: Logger(label: "test"), topic: topic) == nil)
        guard case .failure(let problem) = SyncSeal.make(settings, environment: ["SYNC_KEY": "short"]) else {
            Issue.record("a short key is refused")
            return
        }
        #expect(problem.message.contains("at least 16"), "\(problem.message)")
        #expect(!problem.message.contains("short"), "the key is never quoted")
    }
}
