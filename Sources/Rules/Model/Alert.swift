import Foundation

public enum Urgency: String, Codable, Sendable, CaseIterable {
    case low, normal, critical
}

/// What a rule decided to tell the user. Delivery sinks turn it into a bubble, a line or JSON.
public struct Alert: Codable, Sendable, Equatable {
    /// The rule's identifier, as in `[rules.<rule>]`.
    public var rule: String
    /// The subject within the rule (a country code, a coin, a date).
    public var key: String
    /// Plain text: sinks escape it where their medium needs it.
    public var title: String
    /// Plain text, several lines.
    public var body: String
    public var urgency: Urgency
    /// A freedesktop category (`class.specific`).
    public var category: String
    public var deepLink: DeepLink
    /// An icon name or `file://` path the desktop may show; `nil` for none.
    public var icon: String?

    public init(
        rule: String, key: String, title: String, body: String, urgency: Urgency = .normal,
        category: String, deepLink: DeepLink, icon: String? = nil
    ) {
        self.rule = rule
        self.key = key
        self.title = title
        self.body = body
        self.urgency = urgency
        self.category = category
        self.deepLink = deepLink
        self.icon = icon
    }
}
