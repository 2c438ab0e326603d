import Foundation

/// A claim read from the `[sync]` topic: which store claimed which episode, and who that is.
public struct SyncClaim: Sendable, Equatable {
    public var id: String
    public var from: String
    public var by: String

    public init(id: String, from: String, by: String) {
        self.id = id
        self.from = from
        self.by = by
    }
}

/// Who sends an episode to the phone when several machines decide it: the first claim for it
/// in the topic's order. Every machine reads the topic in the same order, so all of them agree
/// without asking each other; the server's order is the only clock they share.
public enum ClaimVerdict: Sendable, Equatable {
    /// Nobody's claim was seen (the server kept none, or could not be reached): this machine
    /// sends, since a phone message twice is better than none for what must not be missed.
    case unclaimed
    case mine
    /// Another machine claimed it first: it sends; this one shows only its own bubble.
    case theirs(by: String)

    /// `claims` in the topic's order; `me` this machine's store id.
    public static func of(_ id: String, claims: [SyncClaim], me: String) -> ClaimVerdict {
        let wanted = SyncID(id)
        guard let first = claims.first(where: { SyncID($0.id).matches(wanted) }) else { return .unclaimed }
        return first.from == me ? .mine : .theirs(by: first.by)
    }

    /// Whether this machine sends to the phone.
    public var sends: Bool {
        if case .theirs = self { return false }
        return true
    }
}

/// One line of the topic's JSON stream (ntfy's `GET <topic>/json`), read as far as sync needs
/// it: a message's id and text; every other event (`open`, `keepalive`) is nothing to do.
public enum SyncTopicLine: Sendable, Equatable {
    case message(id: String, text: String)
    case other

    /// ntfy's lines are a few KiB; the reader refuses longer ones before they get here.
    public static let maxBytes = 64 << 10

    public static func parse(_ line: Data) -> Result<SyncTopicLine, SyncMessage.Problem> {
        guard line.count <= maxBytes else { return .failure(SyncMessage.Problem(description: "a line of \(line.count) bytes, over \(maxBytes)")) }
        guard let object = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] else {
            return .failure(SyncMessage.Problem(description: "a line that is not a JSON object"))
        }
        guard object["event"] as? String == "message" else { return .success(.other) }
        guard let id = object["id"] as? String, SyncID.isValid(id) else {
            return .failure(SyncMessage.Problem(description: "a message without a usable \"id\""))
        }
        return .success(.message(id: id, text: object["message"] as? String ?? ""))
    }
}
