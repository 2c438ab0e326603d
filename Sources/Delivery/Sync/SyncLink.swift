import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem
import Synchronization

/// This machine's side of `[sync]`: who it is on the topic (its store's id and its name), its
/// claims on episodes before it sends them to the phone, and what it reads from the topic
/// kept in the store. What the topic says is untrusted: bounded, cleaned, with a key refused
/// unless signed (`SyncSeal`), and each kind of message that is not ours logged once.
package final class SyncLink: Sendable {
    package let settings: SyncSettings
    package let store: Store
    package let logger: Logger
    /// This store's id, which its claims and acknowledgements carry as `from`.
    package let instance: String
    package let topic: SyncTopic
    /// With `[sync] key`: what signs this machine's messages and admits the others'.
    package let seal: SyncSeal?
    private let problemsTold = Mutex<Set<String>>([])
    /// A key that cannot be used is said once per process, however many links are made.
    private static let keyProblemsTold = Mutex<Set<String>>([])

    /// A claim's look for itself on the topic: the answer to `poll=1` comes at once.
    package static let lookTimeout: Duration = .seconds(10)

    /// `nil` without `[sync]`, or without a store to keep its state in (said once). A key that
    /// cannot be used turns sync off here (said once): this machine then sends to the phone
    /// itself and takes no acknowledgement from the topic, rather than trust it unsigned.
    package static func make(_ settings: SyncSettings, store: Store?, logger: Logger, topic: SyncTopic = .shared) -> SyncLink? {
        guard settings.enabled, let store else { return nil }
        let seal: SyncSeal?
        switch SyncSeal.make(settings, environment: topic.environment) {
        case .success(let made): seal = made
        case .failure(let problem):
            let line = "[sync] key \(problem.message): sync is off until it can be used"
            if keyProblemsTold.withLock({ $0.insert(line).inserted }) { logger.error("\(line)") }
            return nil
        }
        guard let instance = StoreProblems.attempt("this machine's sync id", logger: logger, { try store.syncInstance() }) else { return nil }
        return SyncLink(settings: settings, store: store, logger: logger, instance: instance, topic: topic, seal: seal)
    }

    private init(settings: SyncSettings, store: Store, logger: Logger, instance: String, topic: SyncTopic, seal: SyncSeal?) {
        self.settings = settings
        self.store = store
        self.logger = logger
        self.instance = instance
        self.topic = topic
        self.seal = seal
    }

    /// `message` as published: signed where there is a key.
    private func sealed(_ message: SyncMessage) -> SyncMessage {
        seal?.sealed(message) ?? message
    }

    /// Whether a message read from the topic is taken; one that is not is said once.
    private func admits(_ message: SyncMessage) -> Bool {
        guard let refusal = seal?.refusal(of: message) else { return true }
        tellOnce(refusal)
        return false
    }

    /// The id the episode of `alert` has on the phone and the topic; `nil` without an episode
    /// (no two machines could name it alike).
    package static func episodeID(_ alert: Alert) -> String? {
        guard alert.episode != nil else { return nil }
        return ChannelMessage(alert).sequenceID
    }

    package static func episodeID(_ item: AcknowledgementItem) -> String {
        ChannelMessage.sequenceID(rule: item.rule, identity: item.subject, episode: item.episode)
    }

    /// Who sends episode `id` to the phone. A claim seen decides at once; else this machine
    /// publishes its claim (through `publisher`: a dry run only notes it) and reads the topic back
    /// until it finds it: the first claim in the topic's order wins.
    package func claim(_ id: String, publisher: any SyncPublishing, now: Date) async -> ClaimVerdict {
        let seen = { [self] in StoreProblems.attempt("the sync claims", logger: logger) { try store.syncClaims(near: id) } ?? [] }
        let before = ClaimVerdict.of(id, claims: seen(), me: instance)
        guard before == .unclaimed else { return before }
        let message = sealed(SyncMessage(kind: .claim, id: id, by: settings.machineName, from: instance))
        let published: String?
        switch await publisher.publish(message, on: settings) {
        case .success(let id): published = id
        case .failure(let failure):
            logger.warning("[sync] could not claim \(id) on the topic (\(failure)); sending it to the phone here")
            return .unclaimed
        }
        guard let published else { return .unclaimed }
        let found = Mutex(false)
        let cursor = StoreProblems.attempt("the sync cursor", logger: logger) { try store.syncCursor() } ?? nil
        let query = [URLQueryItem(name: "poll", value: "1"), URLQueryItem(name: "since", value: cursor ?? "all")]
        let error = await topic.read(settings, query: query, idleTimeout: Self.lookTimeout) { [self] piece in
            guard case .line(let data) = piece, case .success(.message(let read)) = NtfyLine.parse(data) else { return true }
            let messageID = read.id
            if case .success(let claim) = SyncMessage.parse(read.message), claim.kind == .claim, admits(claim) {
                _ = StoreProblems.attempt("the sync claims", logger: logger) { try store.keepSyncMessage(messageID, claim, now: now) }
            }
            guard messageID == published else { return true }
            found.withLock { $0 = true }
            return false
        }
        if let error, !found.withLock({ $0 }) { logger.warning("[sync] \(error); sending \(id) to the phone here") }
        return ClaimVerdict.of(id, claims: seen(), me: instance)
    }

    /// What an acknowledgement made here tells the other machines; `nil` without `[sync]`.
    package static func tellingOthers(_ sync: SyncSettings, store: Store, publisher: any SyncPublishing, logger: Logger) -> (
        @Sendable ([AcknowledgementItem]) async -> Void
    )? {
        guard let link = make(sync, store: store, logger: logger) else { return nil }
        return { items in await link.announce(acknowledged: items, publisher: publisher) }
    }

    /// Tells the other machines that `items` were acknowledged here.
    package func announce(acknowledged items: [AcknowledgementItem], publisher: any SyncPublishing) async {
        for item in items {
            let message = sealed(SyncMessage(kind: .ack, id: Self.episodeID(item), by: settings.machineName, from: instance))
            if case .failure(let failure) = await publisher.publish(message, on: settings) {
                logger.warning("[sync] could not tell the other machines that \(item.rule) \(item.name) was acknowledged: \(failure)")
            }
        }
    }

    /// Keeps what a batch of the topic's lines says: claims in the order read, acknowledgements
    /// each once. Returns the acknowledgements from elsewhere read for the first time, and the
    /// id of the last message read.
    package func take(_ batch: [LineSplitter.Piece], now: Date) -> (acknowledgements: [SyncMessage], last: String?) {
        var acknowledgements: [SyncMessage] = []
        var last: String?
        for piece in batch {
            switch piece {
            case .tooLong(let bytes): tellOnce("a line of \(bytes) bytes (the bound is \(NtfyLine.maxBytes))")
            case .line(let data):
                switch NtfyLine.parse(data) {
                case .failure(let problem): tellOnce(problem.description)
                case .success(.other): continue
                case .success(.message(let read)):
                    let messageID = read.id
                    last = messageID
                    switch SyncMessage.parse(read.message) {
                    case .failure(let problem): tellOnce(problem.description)
                    case .success(let message):
                        guard admits(message) else { continue }
                        let fresh = StoreProblems.attempt("the sync messages", logger: logger) { try store.keepSyncMessage(messageID, message, now: now) }
                        if fresh == true, message.kind == .ack, message.from != instance { acknowledgements.append(message) }
                    }
                }
            }
        }
        return (acknowledgements, last)
    }

    /// Says each kind of problem once per process (and at most 20 kinds): anyone who can write
    /// to the topic could otherwise fill the log.
    private func tellOnce(_ problem: String) {
        let first = problemsTold.withLock { told in
            guard told.count < 20, !told.contains(problem) else { return false }
            told.insert(problem)
            return true
        }
        if first { logger.warning("[sync] the topic carried \(problem); ignored (said once)") }
    }
}
