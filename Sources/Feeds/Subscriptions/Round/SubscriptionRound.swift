import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem
import Synchronization

/// One `[[subscriptions]]` entry's reading of its topic: `--once` asks for what came since the
/// cursor (`poll=1`), the daemon keeps the stream open (`SubscriptionRound+Stream`). Each
/// message is a subject of the engine; the cursor moves past it only after the dispatcher has
/// committed it, so a crash or a cut loses nothing, and the engine's ledger repeats nothing.
package struct SubscriptionRound: Sendable {
    package let env: FeedEnvironment
    package let subscription: SubscriptionSettings

    package var feedName: String { "subscription \(subscription.name)" }
    /// Where the person wrote the topic's URL: the entry's `ntfy`.
    package static let urlKey = "ntfy"

    /// Where reading resumes. On first use, past the newest message the topic holds then
    /// (`since=latest`, learned and not shown): a topic's cache is not news; the time of the
    /// first look when it holds none.
    package func since() async -> String? {
        if let cursor = StoreProblems.attempt("a subscription's cursor", logger: env.logger, { try env.store?.subscriptionCursor(subscription.name) }) ?? nil {
            return cursor
        }
        let start = String(Int(env.now().timeIntervalSince1970))
        let newest = Mutex<String?>(nil)
        let error = await fetch(query: [URLQueryItem(name: "poll", value: "1"), URLQueryItem(name: "since", value: "latest")], idleTimeout: .seconds(30)) {
            piece in
            if case .line(let data) = piece, case .success(.message(let message)) = NtfyEvent.read(data) { newest.withLock { $0 = message.id } }
            return true
        }
        if let error {
            env.logger.warning("\(error)")
            return nil
        }
        let cursor = newest.withLock { $0 } ?? start
        StoreProblems.attempt("a subscription's cursor", logger: env.logger) {
            try env.store?.startSubscriptionCursor(subscription.name, since: cursor, now: env.now())
        }
        return cursor
    }

    /// One request to the topic's `/json`, its lines handed to `onPiece` as they come.
    package func fetch(query: [URLQueryItem], idleTimeout: Duration, onPiece: @escaping @Sendable (LineSplitter.Piece) -> Bool) async -> FeedError? {
        let context = RequestContext(feed: feedName, method: "GET", url: subscription.ntfy, urlKey: Self.urlKey)
        guard let url = subscription.endpoint(query: query) else { return FeedError.invalidURL(context) }
        let headers: [(name: String, value: String)]
        switch subscription.authorization() {
        case .success(let resolved): headers = resolved
        case .failure(let problem): return FeedError.transport(context, detail: "token or password \(problem.message)")
        }
        do throws(FeedError) {
            _ = try await env.http.readLines(
                HTTPRequest.get(url, headers: headers), feed: feedName, urlKey: Self.urlKey, maxLineBytes: NtfyLine.maxBytes, idleTimeout: idleTimeout,
                onPiece: onPiece)
            return nil
        } catch {
            return error
        }
    }

    /// `--once`: the messages since the cursor, then the connection ends.
    package func pollOnce() async -> FeedError? {
        let error = await read(poll: true, idleTimeout: .seconds(30)).error
        if let error { env.logger.warning("\(error)") }
        return error
    }

    /// Reads the topic once (`poll=1`, or the stream until it ends); whether any line came.
    package func read(poll: Bool, idleTimeout: Duration) async -> (error: FeedError?, heard: Bool) {
        guard let since = await since() else {
            return (FeedError.transport(RequestContext(feed: feedName, method: "GET", url: subscription.ntfy, urlKey: Self.urlKey), detail: "no cursor"), false)
        }
        let query = (poll ? [URLQueryItem(name: "poll", value: "1")] : []) + [URLQueryItem(name: "since", value: since)]
        return await LineInbox.drain(
            { [self] inbox in
                await fetch(query: query, idleTimeout: idleTimeout) { piece in inbox.put(piece) }
            }, take: take)
    }

    /// One batch of lines as they came: refusals logged, messages decided together (a burst is
    /// grouped as any feed's), then kept and the cursor moved.
    package func take(_ batch: [LineSplitter.Piece]) async {
        var messages: [NtfyMessage] = []
        for piece in batch {
            switch piece {
            case .tooLong(let bytes):
                env.logger.error("\(feedName): a line of \(bytes) bytes was refused (the bound is \(NtfyLine.maxBytes) bytes)")
            case .line(let data):
                switch NtfyEvent.read(data) {
                case .success(.message(let message)): messages.append(message)
                case .success(.other): continue
                case .failure(let problem): env.logger.warning("\(feedName): \(problem.description) was skipped")
                }
            }
        }
        guard !messages.isEmpty else { return }
        await deliver(messages)
    }

    package func deliver(_ messages: [NtfyMessage]) async {
        let now = env.now()
        let name = subscription.name
        let readings = messages.map { Self.reading($0, subscription: name) }
        for message in messages { await env.note("\(feedName): message \(message.id) \(FeedText.quoted(message.title ?? message.message))") }
        let (alerts, changed, notes) = await env.engine.decide(readings, now: now)
        let forgotten = await forgettable(now: now)
        // The engine stamps its subject ("NAME@ID"); the bubble's is the sequence's.
        let shown = alerts.map { alert in
            var alert = alert
            if let message = messages.first(where: { SubscriptionRule.subject(subscription: name, message: $0) == alert.subject }) {
                alert.subject = SubscriptionRule.bubbleSubject(subscription: name, message: message)
            }
            return alert
        }
        await env.delivery.submit(shown, records: changed, forgetting: forgotten, notes: notes, now: now)
        StoreProblems.attempt("a subscription's messages", logger: env.logger) {
            try env.store?.saveSubscriptionMessages(name, messages, cursor: messages.last!.id, now: now, keepDays: env.config.history.days)
        }
    }

    /// One message as the engine reads it: beyond its fire level once, so it fires once.
    package static func reading(_ message: NtfyMessage, subscription name: String) -> SubjectReading {
        SubjectReading(
            key: SubjectKey(rule: SubscriptionRule.id, subject: SubscriptionRule.subject(subscription: name, message: message)),
            signal: .beyondFire, shownValue: message.title ?? message.message, policy: AlertPolicy()
        ) { emission in
            emission == .fired ? SubscriptionRule.alert(for: message, subscription: name) : nil
        }
    }

    /// Message subjects older than the history: their ids are long behind the cursor.
    package func forgettable(now: Date) async -> [SubjectKey] {
        let keep = Double(max(1, env.config.history.days)) * 86400
        var old: Set<SubjectKey> = []
        for key in await env.engine.knownKeys where key.rule == SubscriptionRule.id && key.subject.hasPrefix(subscription.name + "@") {
            if let at = await env.engine.record(key)?.lastEvaluated, now.timeIntervalSince(at) > keep { old.insert(key) }
        }
        guard !old.isEmpty else { return [] }
        return await env.engine.forget { old.contains($0) }
    }
}
