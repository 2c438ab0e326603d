import FlyingFox
import Foundation
import TestSupport

/// A loopback stand-in for an ntfy server, written from ntfy's published API (ntfy is not
/// packaged for Debian): `docs/publish.md` of github.com/binwiederhier/ntfy (snapshot 81a486a,
/// 2025-07-13) — publish is a POST or PUT of the message body to `/<topic>`, with the title,
/// priority, tags and click URL in the headers `Title`/`X-Title`, `Priority`/`X-Priority`,
/// `Tags`/`X-Tags`, `Click`/`X-Click`, non-ASCII header text as RFC 2047 (`=?UTF-8?B?…?=`), and an
/// answer of the message as JSON (`id`, `time`, `event: "message"`, `topic`, `message`); the
/// sequence id that lets a later message replace an earlier one is sent as `X-Sequence-ID`, and
/// `PUT /<topic>/<sequence id>/clear` clears that message on the subscribers' devices (ntfy 2.16's
/// "updating and clearing notifications"; it answers with the clear event as JSON).
/// A test can make it fail (`failNext`) to see the fallback.
public final class NtfyStandIn: Sendable {
    public struct Message: Sendable, Equatable {
        public var topic: String
        public var headers: [String: String]
        public var body: String
        /// `Title`, decoded from RFC 2047 where it was encoded.
        public var title: String { NtfyStandIn.decoded(headers["title"] ?? headers["x-title"] ?? "") }
        public var priority: String? { headers["priority"] ?? headers["x-priority"] }
        public var sequenceID: String? { headers["x-sequence-id"] }
    }

    private let server: LoopbackServer
    private let state: State
    public let topic: String

    public var topicURL: String { "\(server.baseURL)/\(topic)" }

    public static func start(topic: String = "my-alerts") async throws -> NtfyStandIn {
        let state = State()
        let server = try await LoopbackServer.start([
            (
                "POST /\(topic)",
                { request in
                    let body = String(decoding: try await request.bodyData, as: UTF8.self)
                    var headers: [String: String] = [:]
                    for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
                    if let (status, echoing) = await state.takeFailure() {
                        // A careless server (or proxy) quotes the request's headers in its error.
                        let said =
                            echoing
                            ? "unauthorized; you sent " + headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
                            : "stand-in told to fail"
                        let answer: [String: Any] = ["code": 50001, "http": status, "error": said]
                        return LoopbackServer.json(try JSONSerialization.data(withJSONObject: answer), status: HTTPStatusCode(status, phrase: "Failing"))
                    }
                    let id = await state.record(Message(topic: topic, headers: headers, body: body))
                    let answer: [String: Any] = ["id": id, "time": Int(Date().timeIntervalSince1970), "event": "message", "topic": topic, "message": body]
                    return LoopbackServer.json(try JSONSerialization.data(withJSONObject: answer))
                }
            ),
            (
                "PUT /\(topic)/*/clear",
                { request in
                    let parts = request.path.split(separator: "/")
                    let sequenceID = parts.count >= 2 ? String(parts[parts.count - 2]) : ""
                    await state.cleared(sequenceID)
                    let answer: [String: Any] = [
                        "id": "c\(sequenceID.count)", "time": Int(Date().timeIntervalSince1970), "event": "message_clear", "topic": topic,
                    ]
                    return LoopbackServer.json(try JSONSerialization.data(withJSONObject: answer))
                }
            ),
        ])
        return NtfyStandIn(server: server, state: state, topic: topic)
    }

    private init(server: LoopbackServer, state: State, topic: String) {
        self.server = server
        self.state = state
        self.topic = topic
    }

    public var messages: [Message] {
        get async { await state.messages }
    }

    /// The sequence ids cleared, in order.
    public var clears: [String] {
        get async { await state.clears }
    }

    /// The next `count` publishes are answered with `status` and not kept; `echoingHeaders`: the
    /// error text quotes every header of the request, `Authorization` included.
    public func failNext(_ count: Int, status: Int = 500, echoingHeaders: Bool = false) async {
        await state.fail(count, status: status, echoing: echoingHeaders)
    }

    public func stop() async { await server.stop() }

    static func decoded(_ header: String) -> String {
        guard header.hasPrefix("=?UTF-8?B?"), header.hasSuffix("?="),
            let data = Data(base64Encoded: String(header.dropFirst(10).dropLast(2)))
        else { return header }
        return String(decoding: data, as: UTF8.self)
    }

    private actor State {
        var messages: [Message] = []
        var failures = 0
        var failureStatus = 500
        var echoing = false
        var clears: [String] = []

        func cleared(_ sequenceID: String) {
            clears.append(sequenceID)
        }

        func record(_ message: Message) -> String {
            messages.append(message)
            return "m\(messages.count)"
        }

        func fail(_ count: Int, status: Int, echoing: Bool) {
            failures = count
            failureStatus = status
            self.echoing = echoing
        }

        func takeFailure() -> (status: Int, echoing: Bool)? {
            guard failures > 0 else { return nil }
            failures -= 1
            return (failureStatus, echoing)
        }
    }
}
