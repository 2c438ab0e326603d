import Foundation
import NotifierCore
import NotifierEngine

/// One ntfy message as the JSON stream carries it (ntfy's `docs/subscribe/api.md`, "JSON
/// message format"), kept as far as a notification and its view need it: the text already
/// cleaned of control and invisible characters and cut to bounds, the click URL and the action
/// buttons as they came (opened only by the person, from the view, as an argv).
public struct NtfyMessage: Sendable, Equatable, Codable {
    public var id: String
    public var time: Date
    public var topic: String
    public var title: String?
    public var message: String
    /// 1 (min) to 5 (max); 3 when the server sent none.
    public var priority: Int
    public var tags: [String]
    public var click: String?
    public var actions: [NtfyAction]
    /// A message that replaces an earlier one of the same sequence, where the server has them.
    public var sequenceID: String?

    public init(
        id: String, time: Date, topic: String, title: String? = nil, message: String, priority: Int = 3,
        tags: [String] = [], click: String? = nil, actions: [NtfyAction] = [], sequenceID: String? = nil
    ) {
        self.id = id
        self.time = time
        self.topic = topic
        self.title = title
        self.message = message
        self.priority = priority
        self.tags = tags
        self.click = click
        self.actions = actions
        self.sequenceID = sequenceID
    }

    /// What its bubble is: a later message of the same sequence updates it in place.
    public var bubbleID: String { sequenceID ?? id }

    /// ntfy's priority as the desktop's urgency: 1–2 low, 3–4 normal, 5 critical. Critical
    /// bubbles stay until dismissed and pass do-not-disturb on some servers, which is what
    /// ntfy's "urgent" (5) asks for; "high" (4) is a louder phone alert, not a sticky one.
    public var urgency: Urgency {
        switch priority {
        case ...2: return .low
        case 5...: return .critical
        default: return .normal
        }
    }
}

/// An action button (ntfy's `docs/publish.md`, "Action buttons"): kept for the view; only a
/// `view` action's http(s) URL is ever opened, by the person, in the browser.
public struct NtfyAction: Sendable, Equatable, Codable {
    public var action: String
    public var label: String
    public var url: String?

    public init(action: String, label: String, url: String? = nil) {
        self.action = action
        self.label = label
        self.url = url
    }

    /// The URL a person may open from the view: a `view` action's, if http(s).
    public var openableURL: String? {
        guard action == "view", let url, NtfyText.isWebURL(url) else { return nil }
        return url
    }
}

/// How feed text from a topic is made safe to keep and show.
public enum NtfyText {
    public static let maxTitle = 200
    public static let maxMessage = 4096
    public static let maxURL = 2048

    /// No control characters but newlines and tabs, no format (bidi, zero-width) characters;
    /// at most `limit` characters.
    public static func cleaned(_ text: String, limit: Int, singleLine: Bool = false) -> String {
        let kept = String(
            String.UnicodeScalarView(
                text.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
                    if scalar == "\n" || scalar == "\t" { return singleLine ? " " : scalar }
                    switch scalar.properties.generalCategory {
                    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse: return nil
                    default: return scalar
                    }
                }))
        return kept.count > limit ? String(kept.prefix(limit - 1)) + "…" : kept
    }

    /// An http(s) URL with a host and nothing that could be read as something else.
    public static func isWebURL(_ text: String) -> Bool {
        guard text.utf8.count <= maxURL, !text.hasPrefix("-"),
            text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
            let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return false }
        return true
    }
}
