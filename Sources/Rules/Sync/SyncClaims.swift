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
