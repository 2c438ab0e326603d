import Foundation

public enum Urgency: String, Codable, Sendable, CaseIterable {
    case low, normal, critical
}

/// What a rule decided to tell the user. Delivery sinks turn it into a bubble, a line or JSON.
public struct Alert: Codable, Sendable, Equatable {
    /// The rule's identifier, as in `[rules.<rule>]`.
    public var rule: String
    /// The subject within the rule as people read it (a country code, a coin, a date).
    public var key: String
    /// The engine's subject this alert was decided for (`BTC:up`), stamped by the engine: what
    /// Snooze, dedup and history name it by. `nil` for alerts no engine decided (launches,
    /// groups, summaries), which `identity` then names by `key`.
    public var subject: String?
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
    /// A picture to show in the bubble, such as a country's flag: an http(s) URL of a PNG that
    /// delivery fetches once and caches; `nil` for none.
    public var imageURL: String?
    /// This alert's part of a grouped title, such as "BTC +5.2%"; `nil` to use the title.
    public var groupFragment: String?
    /// What a group of this rule's alerts is called after its count, such as "coins moved".
    public var groupNoun: String?
    /// The alerts a group or summary stands for, so the history can record each of them;
    /// `nil` for a single alert.
    public var members: [Alert]?
    /// The list view a group of these alerts opens, `notifier list <listView>`: "crypto".
    public var listView: String?
    /// The view a group of these alerts opens when every member names one of the same view: the
    /// group opens it at the first (smallest) argument, such as the week of the first holiday.
    public var groupLink: DeepLink?
    /// Why it was sent, for the history: "BTC 24h change +6.2 % reached +5 %".
    public var reason: String?
    /// The subject's value as the user reads it ("−5.4 %"), stamped by the engine: what an
    /// update in place says it "was".
    public var value: String?
    /// What step of the subject's alert this is, stamped by the engine; `nil` for notices that
    /// are no step of it (flapping, calm, groups): a bubble of a firing alert closes when it
    /// resolves silently, others stay.
    public var emission: AlertStateMachine.Emission?
    /// When its words stop being true ("tomorrow" after midnight): held past it, the outbox
    /// notes it and never shows it. `nil`: true until replaced.
    public var validUntil: Date?
    /// Shown during quiet hours too: a reminder at the time the person asked for. `nil`: held.
    public var passesQuietHours: Bool?
    /// Its own bubble, never grouped with others of its rule: a reminder is one thing to do,
    /// with its own link and buttons, and its bubble is updated in place. `nil`: grouped.
    public var standsAlone: Bool?
    /// A web page about the subject (the coin's page, a watched page): what a tap on the phone
    /// opens, where `notifier open` cannot run. `nil` for none.
    public var webPage: String?
    /// When the episode this alert belongs to began (its subject started firing), stamped by the
    /// engine: an update or resolution shares it, the next time the subject fires does not.
    public var episode: Date?
    /// Waits for an acknowledgement (its rule, reminder or watch says `acknowledge` or
    /// `escalate`): its bubble offers Acknowledge. Stamped by delivery; `nil`: it does not.
    public var acknowledgeable: Bool?

    public init(
        rule: String, key: String, title: String, body: String, urgency: Urgency = .normal,
        category: String, deepLink: DeepLink, icon: String? = nil, groupFragment: String? = nil,
        groupNoun: String? = nil, members: [Alert]? = nil, reason: String? = nil, listView: String? = nil,
        imageURL: String? = nil, validUntil: Date? = nil, groupLink: DeepLink? = nil
    ) {
        self.rule = rule
        self.key = key
        self.title = title
        self.body = body
        self.urgency = urgency
        self.category = category
        self.deepLink = deepLink
        self.icon = icon
        self.groupFragment = groupFragment
        self.groupNoun = groupNoun
        self.members = members
        self.reason = reason
        self.listView = listView
        self.imageURL = imageURL
        self.validUntil = validUntil
        self.groupLink = groupLink
    }

    /// Which (rule, subject) this alert stands for: the engine's subject, else `key`.
    public var identity: String { subject ?? key }

    /// The single alerts behind this one, groups and summaries unpacked at every level.
    public var individualAlerts: [Alert] {
        guard let members, !members.isEmpty else { return [self] }
        return members.flatMap(\.individualAlerts)
    }
}
