import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The `[sync]` topic over HTTP: a message published (ntfy's `POST <topic>`, answered with the
/// message's id), and the topic read line by line (`GET <topic>/json`). Errors never hold the
/// token: it is resolved for each request and never kept.
package struct SyncTopic: Sendable {
    package static let shared = SyncTopic(http: HTTPClient())
    package let http: HTTPClient
    package var environment: [String: String] = ProcessInfo.processInfo.environment

    /// Its requests, by the name their errors give.
    package static let feedName = "sync topic"
    /// Where the person wrote its URL: `[sync] ntfy`.
    package static let urlKey = "ntfy"

    /// Publishes `message`; the id the server gave it, if it said one.
    package func publish(_ message: SyncMessage, to settings: SyncSettings) async -> Result<String?, ChannelSender.Failure> {
        var headers: [(name: String, value: String)] = [
            // Lowest priority and a tag: a phone subscribed to the topic by mistake is not woken.
            ("Priority", "1"), ("Tags", "notifier-sync"), ("Content-Type", "text/plain; charset=utf-8"),
        ]
        switch settings.authorization(environment: environment) {
        case .success(let auth): headers += auth
        case .failure(let problem): return .failure(ChannelSender.Failure(description: "[sync] token \(problem.message)"))
        }
        var request = HTTPRequest(method: .post, url: settings.ntfy, headers: headers, body: Data(message.text.utf8))
        request.returnsErrorResponses = true
        do throws(FeedError) {
            let response = try await http.send(request, feed: Self.feedName, urlKey: Self.urlKey)
            guard (200..<300).contains(response.status) else {
                return .failure(ChannelSender.Failure(description: "ntfy answered \(ChannelSender.ntfyAnswer(response))"))
            }
            let object = (try? JSONSerialization.jsonObject(with: response.body.prefix(64 << 10))) as? [String: Any]
            return .success((object?["id"] as? String).flatMap { NtfyLine.isMessageID($0) ? $0 : nil })
        } catch {
            return .failure(ChannelSender.Failure(description: Redaction.maskSecrets(in: "\(error)")))
        }
    }

    /// One request to the topic's `/json`, its lines handed to `onPiece` as they come (on the
    /// transfer's thread) until it ends or `onPiece` returns `false`.
    package func read(
        _ settings: SyncSettings, query: [URLQueryItem], idleTimeout: Duration, onPiece: @escaping @Sendable (LineSplitter.Piece) -> Bool
    ) async -> FeedError? {
        let context = RequestContext(feed: Self.feedName, method: "GET", url: settings.ntfy, urlKey: Self.urlKey)
        guard let url = settings.endpoint(query: query) else { return FeedError.invalidURL(context) }
        let headers: [(name: String, value: String)]
        switch settings.authorization(environment: environment) {
        case .success(let resolved): headers = resolved
        case .failure(let problem): return FeedError.transport(context, detail: "[sync] token \(problem.message)")
        }
        do throws(FeedError) {
            _ = try await http.readLines(
                HTTPRequest.get(url, headers: headers), feed: Self.feedName, urlKey: Self.urlKey, maxLineBytes: NtfyLine.maxBytes, idleTimeout: idleTimeout,
                onPiece: onPiece)
            return nil
        } catch {
            return error
        }
    }
}
