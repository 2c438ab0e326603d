import Foundation

/// One line of ntfy's JSON stream (`GET <topic>/json`, ntfy's `docs/subscribe/api.md`, "JSON
/// message format"): the one reading of it, for a subscription's topic and the `[sync]` topic
/// alike. A message's fields come as the server sent them, typed but not cleaned: what a
/// reader shows, it cleans and bounds itself.
public enum NtfyLine: Sendable, Equatable {
    case message(Message)
    /// `open`, `keepalive`, `poll_request`, or a kind this version does not know: nothing to
    /// read. `nil` for a line without an `"event"` text.
    case other(event: String?)

    /// The longest line read: ntfy's own messages are 4 KiB of text with a few fields around
    /// them; longer is refused, never kept whole (the reader drops it as it passes).
    public static let maxBytes = 64 << 10

    /// Why a line was not read, in a few words that quote nothing of it.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String

        public init(description: String) { self.description = description }
    }

    /// A `message` event's fields.
    public struct Message: Sendable, Equatable {
        /// Always of ntfy's id shape (`isMessageID`).
        public var id: String
        /// The epoch when the server sent none.
        public var time: Date
        public var topic: String
        public var message: String
        public var title: String?
        public var priority: Int?
        /// Those of its tags that are text, in order.
        public var tags: [String]
        public var click: String?
        /// Those of its actions that are objects, in order.
        public var actions: [Action]
        /// `sid` or `sequence_id` (`sid` first), where it has ntfy's id shape.
        public var sequenceID: String?

        public init(
            id: String, time: Date, topic: String = "", message: String = "", title: String? = nil, priority: Int? = nil, tags: [String] = [],
            click: String? = nil, actions: [Action] = [], sequenceID: String? = nil
        ) {
            self.id = id
            self.time = time
            self.topic = topic
            self.message = message
            self.title = title
            self.priority = priority
            self.tags = tags
            self.click = click
            self.actions = actions
            self.sequenceID = sequenceID
        }
    }

    /// An action button's fields (ntfy's `docs/publish.md`, "Action buttons"), each `nil` where
    /// it is missing or not text.
    public struct Action: Sendable, Equatable {
        public var action: String?
        public var label: String?
        public var url: String?

        public init(action: String?, label: String?, url: String?) {
            self.action = action
            self.label = label
            self.url = url
        }
    }

    public static func parse(_ line: Data) -> Result<NtfyLine, Problem> {
        guard line.count <= maxBytes else { return .failure(Problem(description: "a line of \(line.count) bytes, over \(maxBytes)")) }
        guard let object = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] else {
            return .failure(Problem(description: "a line that is not a JSON object"))
        }
        let event = object["event"] as? String
        guard event == "message" else { return .success(.other(event: event)) }
        guard let id = object["id"] as? String, isMessageID(id) else {
            return .failure(Problem(description: "a message without a usable \"id\""))
        }
        var message = Message(
            id: id, time: Date(timeIntervalSince1970: (object["time"] as? NSNumber)?.doubleValue ?? 0), topic: object["topic"] as? String ?? "",
            message: object["message"] as? String ?? "", title: object["title"] as? String, priority: (object["priority"] as? NSNumber)?.intValue,
            tags: (object["tags"] as? [Any])?.compactMap { $0 as? String } ?? [], click: object["click"] as? String)
        message.actions =
            (object["actions"] as? [Any])?.compactMap { $0 as? [String: Any] }.map { fields in
                Action(action: fields["action"] as? String, label: fields["label"] as? String, url: fields["url"] as? String)
            } ?? []
        for key in ["sequence_id", "sid"] {
            if let sequence = object[key] as? String, isMessageID(sequence) { message.sequenceID = sequence }
        }
        return .success(.message(message))
    }

    /// An id as ntfy makes them (a message's, a sequence's), 1–64 of `[-_A-Za-z0-9]`: safe in
    /// a link, a subject and `since=`.
    public static func isMessageID(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2D }
    }
}
