import Foundation
import NotifierCore
import NotifierEngine

/// One notification as a channel carries it: plain text, a priority, and an id that stays the
/// same for a subject's episode, so that an update replaces the phone's notification.
package struct ChannelMessage: Sendable, Equatable {
    package var title: String
    package var body: String
    /// What a click opens on this desktop: `notifier open crypto BTC`.
    package var link: String
    package var urgency: Urgency
    /// ntfy's tags: the rule's name (and a warning sign when critical).
    package var tags: [String]
    /// Stable per subject and episode: `crypto_cross-btc-up`; letters, digits, `-` and `_`.
    package var sequenceID: String
    /// What a tap on the phone opens (ntfy's `Click`): the subject's web page, if it has one.
    package var webPage: String?
    /// An episode that waits for an acknowledgement: with `[sync]`, the phone offers Acknowledge.
    package var acknowledgeable = false

    package init(_ alert: Alert) {
        title = alert.title
        body = alert.body
        link = alert.deepLink.command
        urgency = alert.urgency
        tags = [alert.rule] + (alert.urgency == .critical ? ["warning"] : [])
        sequenceID = Self.sequenceID(rule: alert.rule, identity: alert.identity, episode: alert.episode)
        webPage = alert.webPage
        acknowledgeable = alert.acknowledgeable == true
    }

    package init(title: String, body: String, link: String, urgency: Urgency = .normal, tags: [String] = [], sequenceID: String) {
        self.title = title
        self.body = body
        self.link = link
        self.urgency = urgency
        self.tags = tags
        self.sequenceID = sequenceID
    }

    /// ntfy allows 1–64 of `[-_A-Za-z0-9]`: the rule, subject and episode (its start, in base 36
    /// seconds), other characters as `-`; a long subject is cut before the episode, which stays.
    package static func sequenceID(rule: String, identity: String, episode: Date? = nil) -> String {
        let raw = "\(rule)-\(identity)"
        let cleaned = String(
            raw.unicodeScalars.map { scalar -> Character in
                let value = scalar.value
                let allowed = (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || value == 0x5F || value == 0x2D
                return allowed ? Character(scalar) : "-"
            })
        guard let episode else { return String(cleaned.prefix(64)) }
        let suffix = "-" + String(Int64(episode.timeIntervalSince1970.rounded(.down)), radix: 36)
        return String(cleaned.prefix(64 - suffix.count)) + suffix
    }

    /// ntfy's priority: 2 (low), 3 (default), 5 (max).
    package var ntfyPriority: Int {
        switch urgency {
        case .low: 2
        case .normal: 3
        case .critical: 5
        }
    }

    /// A header value: ASCII as it is, anything else as RFC 2047 base64 (which ntfy reads).
    package static func headerText(_ text: String) -> String {
        let oneLine = text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        if oneLine.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) { return oneLine }
        return "=?UTF-8?B?" + Data(oneLine.utf8).base64EncodedString() + "?="
    }

    /// ntfy's `Actions`, in the JSON form its server reads (`server/actions.go`): an "Open page"
    /// button to the web page; `nil` without one, or where the page is not ASCII (a header).
    package var ntfyActions: String? { ntfyActions(acknowledgeVia: nil) }

    /// The same, and for an acknowledgeable episode with a sync topic, an "Acknowledge" button:
    /// an `http` action that posts the acknowledgement to the topic (ntfy's `docs/publish.md`,
    /// "Send HTTP request"), which every machine reads; `clear` takes the message off the phone.
    /// `proof`: what a `[sync]` key derives for this episode, which the acknowledgement carries.
    package func ntfyActions(acknowledgeVia topic: String?, proof: String? = nil) -> String? {
        var actions: [[String: Any]] = []
        if let webPage, Self.isHeaderText(webPage) { actions.append(["action": "view", "label": "Open page", "url": webPage, "clear": true]) }
        if acknowledgeable, let topic, Self.isHeaderText(topic) {
            actions.append([
                "action": "http", "label": "Acknowledge", "url": topic, "method": "POST",
                "body": SyncMessage.fromThePhone(acknowledging: sequenceID, proof: proof).text,
                "clear": true,
            ])
        }
        guard !actions.isEmpty, let data = try? JSONSerialization.data(withJSONObject: actions, options: [.sortedKeys, .withoutEscapingSlashes]),
            let json = String(data: data, encoding: .utf8), Self.isHeaderText(json)
        else { return nil }
        return json
    }

    private static func isHeaderText(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
    }

    /// The text a channel without a title of its own shows: the body and where it leads.
    package var text: String {
        [body, "Open: \(link)", webPage.map { "Page: \($0)" } ?? ""].filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
