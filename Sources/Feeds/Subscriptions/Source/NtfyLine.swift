import Foundation
import NotifierCore

/// One line of ntfy's JSON stream (`GET <topic>/json`): an event of the four kinds ntfy sends.
public enum NtfyEvent: Sendable, Equatable {
    case message(NtfyMessage)
    /// `open`, `keepalive`, `poll_request`, or a kind this version does not know: nothing to show.
    case other(event: String)
}

public struct NtfyLineProblem: Error, Equatable, Sendable {
    public var message: String
}

public enum NtfyLine {
    /// The longest line read: ntfy's own messages are 4 KiB of text with a few fields around
    /// them; longer is refused, never kept whole (the reader drops it as it passes).
    public static let maxBytes = 64 << 10
    /// Action buttons kept per message: ntfy allows three.
    public static let maxActions = 3
    public static let maxTags = 10

    public static func parse(_ line: Data) -> Result<NtfyEvent, NtfyLineProblem> {
        guard line.count <= maxBytes else { return .failure(NtfyLineProblem(message: "a line of \(line.count) bytes, over \(maxBytes)")) }
        guard let object = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] else {
            return .failure(NtfyLineProblem(message: "a line that is not a JSON object"))
        }
        guard let event = object["event"] as? String else { return .failure(NtfyLineProblem(message: "a line without \"event\"")) }
        guard event == "message" else { return .success(.other(event: NtfyText.cleaned(event, limit: 40, singleLine: true))) }
        guard let id = object["id"] as? String, NtfyText.isMessageID(id) else {
            return .failure(NtfyLineProblem(message: "a message without a usable \"id\""))
        }
        let seconds = (object["time"] as? NSNumber)?.doubleValue ?? 0
        let text = object["message"] as? String ?? ""
        var message = NtfyMessage(
            id: id, time: Date(timeIntervalSince1970: seconds),
            topic: NtfyText.cleaned(object["topic"] as? String ?? "", limit: 200, singleLine: true),
            message: NtfyText.cleaned(text, limit: NtfyText.maxMessage))
        if let title = object["title"] as? String, !title.isEmpty {
            message.title = NtfyText.cleaned(title, limit: NtfyText.maxTitle, singleLine: true)
        }
        if let priority = (object["priority"] as? NSNumber)?.intValue { message.priority = min(5, max(1, priority)) }
        if let tags = object["tags"] as? [Any] {
            message.tags = tags.compactMap { $0 as? String }.prefix(maxTags).map { NtfyText.cleaned($0, limit: 40, singleLine: true) }
        }
        if let click = object["click"] as? String, NtfyText.isWebURL(click) { message.click = click }
        if let actions = object["actions"] as? [Any] {
            message.actions = actions.compactMap { $0 as? [String: Any] }.prefix(maxActions).compactMap { fields in
                guard let kind = fields["action"] as? String, let label = fields["label"] as? String else { return nil }
                let url = (fields["url"] as? String).flatMap { NtfyText.isWebURL($0) ? $0 : nil }
                return NtfyAction(
                    action: NtfyText.cleaned(kind, limit: 20, singleLine: true), label: NtfyText.cleaned(label, limit: 60, singleLine: true), url: url)
            }
        }
        for key in ["sequence_id", "sid"] {
            if let sequence = object[key] as? String, NtfyText.isMessageID(sequence) { message.sequenceID = sequence }
        }
        return .success(.message(message))
    }
}
