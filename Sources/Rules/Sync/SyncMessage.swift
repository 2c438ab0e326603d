import Foundation

/// One message on the `[sync]` topic, carried as JSON text in ntfy's `message` field:
/// `{"notifier":1,"kind":"claim","id":"reminder-pills-t4x2k0","by":"laptop","from":"3f9c…"}`.
/// A claim says a machine is about to send an episode to the phone; an acknowledgement says
/// someone acknowledged it. The phone's Acknowledge button posts the same shape, without `from`.
/// Anyone who can write to the topic can write these: everything read is bounded and cleaned,
/// and with a `[sync]` key a machine's message carries its signature (`sig`) and the phone's
/// a proof (`proof`) that only a receiver of that phone message knows.
public struct SyncMessage: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case ack, claim
    }

    public var kind: Kind
    /// The episode's id, as its ntfy messages carry it (`ChannelMessage.sequenceID`).
    public var id: String
    /// Who, in words: a machine's name, or "the phone".
    public var by: String
    /// The store that wrote it (a random id of each machine's store); `nil` from the phone.
    public var from: String?
    /// A machine's HMAC of `signedText` under the `[sync]` key, in hex.
    public var signature: String?
    /// The phone's: the episode's value derived from the key, which its message carried.
    public var proof: String?

    public static let version = 1
    /// A message's text: ours are some 150 bytes; anything longer is not ours.
    public static let maxBytes = 1024
    public static let maxName = 64
    /// Who acknowledged through the phone's button.
    public static let phone = "the phone"

    public init(kind: Kind, id: String, by: String, from: String? = nil, signature: String? = nil, proof: String? = nil) {
        self.kind = kind
        self.id = id
        self.by = by
        self.from = from
        self.signature = signature
        self.proof = proof
    }

    /// What a signature covers: every field a machine acts on, one a line.
    public var signedText: String {
        ["notifier-sync-\(Self.version)", kind.rawValue, id, by, from ?? ""].joined(separator: "\n")
    }

    /// What the phone's proof for episode `id` is derived from.
    public static func proofText(acknowledging id: String) -> String {
        ["notifier-sync-\(version)", "phone-ack", id].joined(separator: "\n")
    }

    /// The text published: keys sorted, so the same message is the same text.
    public var text: String {
        var object: [String: Any] = ["notifier": Self.version, "kind": kind.rawValue, "id": id, "by": by]
        if let from { object["from"] = from }
        if let signature { object["sig"] = signature }
        if let proof { object["proof"] = proof }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// What the phone's Acknowledge button posts for episode `id`, with the proof its message
    /// carried where the machines have a key.
    public static func fromThePhone(acknowledging id: String, proof: String? = nil) -> SyncMessage {
        SyncMessage(kind: .ack, id: id, by: phone, proof: proof)
    }

    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Reads a message's text; what is not one of ours says why, in a few words that quote
    /// nothing of it.
    public static func parse(_ text: String) -> Result<SyncMessage, Problem> {
        guard text.utf8.count <= maxBytes else { return .failure(Problem(description: "a message of \(text.utf8.count) bytes, over \(maxBytes)")) }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            return .failure(Problem(description: "a message that is not a JSON object"))
        }
        guard let version = object["notifier"] as? NSNumber, version.doubleValue == Double(Self.version) else {
            return .failure(Problem(description: "a message without \"notifier\": \(Self.version)"))
        }
        guard let kindText = object["kind"] as? String, let kind = Kind(rawValue: kindText) else {
            return .failure(Problem(description: "a message whose \"kind\" is neither \"ack\" nor \"claim\""))
        }
        guard let id = object["id"] as? String, NtfyLine.isMessageID(id) else {
            return .failure(Problem(description: "a message without a usable \"id\" (1–64 of a-z, A-Z, 0-9, _ and -)"))
        }
        var from: String?
        if let sender = object["from"] {
            guard let text = sender as? String, NtfyLine.isMessageID(text) else {
                return .failure(Problem(description: "a message whose \"from\" is not an id"))
            }
            from = text
        }
        guard kind == .ack || from != nil else { return .failure(Problem(description: "a claim without \"from\"")) }
        var seals: [String: String] = [:]
        for name in ["sig", "proof"] where object[name] != nil {
            guard let text = object[name] as? String, isHex(text) else { return .failure(Problem(description: "a message whose \"\(name)\" is not hex")) }
            seals[name] = text
        }
        let named = (object["by"] as? String).map { cleaned($0) } ?? ""
        let by = named.isEmpty ? (from == nil ? phone : "another machine") : named
        return .success(SyncMessage(kind: kind, id: id, by: by, from: from, signature: seals["sig"], proof: seals["proof"]))
    }

    /// 1–128 lower-case hex digits: a signature or a proof.
    static func isHex(_ text: String) -> Bool {
        (1...128).contains(text.utf8.count) && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// One line of at most `maxName` characters, without control or invisible characters.
    public static func cleaned(_ text: String) -> String {
        let kept = String(
            String.UnicodeScalarView(
                text.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
                    if scalar == "\n" || scalar == "\t" || scalar == "\r" { return " " }
                    switch scalar.properties.generalCategory {
                    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: return nil
                    case .spaceSeparator: return " "
                    default: return scalar
                    }
                })
        ).trimmingCharacters(in: .whitespaces)
        return kept.count > maxName ? String(kept.prefix(maxName - 1)) + "…" : kept
    }
}

/// An episode's id as its ntfy messages carry it: `rule-subject-start`, the start in base-36
/// seconds. Two machines see an episode begin at moments a poll apart, so an id names the
/// episodes of its rule and subject that began within `window` of its start.
public struct SyncID: Sendable, Equatable, Hashable {
    /// Everything before the start: the rule and subject, cleaned as the id is.
    public var base: String
    /// The episode's start in seconds since 1970; `nil` for an id without one.
    public var start: Int64?

    /// Two machines poll on their own schedules: an episode's start differs by up to a poll's
    /// interval plus the time a pass takes. A new episode of the same subject within this long
    /// is taken for the same one, which at worst leaves one phone message for both.
    public static let window: Int64 = 15 * 60

    public init(_ id: String) {
        // A start is a plausible time (2001 to 2200): a subject's own last word ("up") is not one.
        if let dash = id.lastIndex(of: "-"), let start = Int64(id[id.index(after: dash)...], radix: 36), (1_000_000_000...7_258_118_400).contains(start) {
            base = String(id[..<dash])
            self.start = start
        } else {
            base = id
            start = nil
        }
    }

    /// Whether `other` names the same episode.
    public func matches(_ other: SyncID) -> Bool {
        guard base == other.base else { return false }
        switch (start, other.start) {
        case (let a?, let b?): return abs(a - b) <= Self.window
        case (nil, nil): return true
        default: return false
        }
    }
}
