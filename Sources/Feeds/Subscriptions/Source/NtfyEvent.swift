import Foundation
import NotifierCore
import NotifierEngine

/// One line of a subscription's topic as the feed keeps it: a message, its text cleaned and cut
/// to bounds, or an event of another kind.
public enum NtfyEvent: Sendable, Equatable {
    case message(NtfyMessage)
    /// `open`, `keepalive`, `poll_request`, or a kind this version does not know: nothing to show.
    case other(event: String)

    /// Action buttons kept per message: ntfy allows three.
    public static let maxActions = 3
    public static let maxTags = 10

    /// Reads one line of the topic's JSON stream (`NtfyLine`); a line without an `"event"` is
    /// not ntfy's.
    public static func read(_ line: Data) -> Result<NtfyEvent, NtfyLine.Problem> {
        NtfyLine.parse(line).flatMap { read in
            switch read {
            case .other(nil): return .failure(NtfyLine.Problem(description: "a line without \"event\""))
            case .other(let event?): return .success(.other(event: NtfyText.cleaned(event, limit: 40, singleLine: true)))
            case .message(let fields): return .success(.message(message(fields)))
            }
        }
    }

    private static func message(_ fields: NtfyLine.Message) -> NtfyMessage {
        var message = NtfyMessage(
            id: fields.id, time: fields.time, topic: NtfyText.cleaned(fields.topic, limit: 200, singleLine: true),
            message: NtfyText.cleaned(fields.message, limit: NtfyText.maxMessage))
        if let title = fields.title, !title.isEmpty { message.title = NtfyText.cleaned(title, limit: NtfyText.maxTitle, singleLine: true) }
        if let priority = fields.priority { message.priority = min(5, max(1, priority)) }
        message.tags = fields.tags.prefix(maxTags).map { NtfyText.cleaned($0, limit: 40, singleLine: true) }
        if let click = fields.click, NtfyText.isWebURL(click) { message.click = click }
        message.actions = fields.actions.prefix(maxActions).compactMap { fields in
            guard let kind = fields.action, let label = fields.label else { return nil }
            return NtfyAction(
                action: NtfyText.cleaned(kind, limit: 20, singleLine: true), label: NtfyText.cleaned(label, limit: 60, singleLine: true),
                url: fields.url.flatMap { NtfyText.isWebURL($0) ? $0 : nil })
        }
        message.sequenceID = fields.sequenceID
        return message
    }
}
