import Foundation
import NotifierEngine

/// Messages of the person's `[[subscriptions]]` (ntfy topics): each message is a subject of its
/// own (`NAME@ID`), so the engine's ledger shows it once however often it is read again, and
/// mutes, snoozes, quiet hours and the history treat it as any alert.
public struct SubscriptionRule: Rule {
    public static let id = "subscription"
    public static let summary = "Messages of your ntfy subscriptions, each shown once"
    public static let linkedViews: [LinkedView] = [.subscription]
    public static let category = "x-notifier.subscription"

    public init() {}

    /// The engine's subject of one message: its id, which never repeats within a topic.
    public static func subject(subscription: String, message: NtfyMessage) -> String {
        "\(subscription)@\(message.id)"
    }

    /// The bubble's subject: a later message of the same sequence updates it in place.
    public static func bubbleSubject(subscription: String, message: NtfyMessage) -> String {
        "\(subscription)@\(message.bubbleID)"
    }

    public static func alert(for message: NtfyMessage, subscription: String) -> Alert {
        let title = message.title ?? (message.topic.isEmpty ? subscription : message.topic)
        let tags = message.tags.isEmpty ? "" : "\n" + message.tags.joined(separator: ", ")
        return Alert(
            rule: id, key: subscription, title: title, body: message.message + tags, urgency: message.urgency, category: category,
            deepLink: DeepLink.subscription(subscription, message: message.id) ?? .history, icon: "mail-unread-symbolic",
            groupFragment: title, groupNoun: "messages",
            reason: "message \(message.id) on \(subscription) (priority \(message.priority))")
    }

    static let exampleMessage = NtfyMessage(
        id: "hwQ2YpKdmg", time: Date(timeIntervalSince1970: 1_635_528_741), topic: "backups", title: "Backup done", message: "3.2 GB in 4 min",
        priority: 5)

    public static let examples: [RuleExample] = [
        RuleExample("a message is a notification with its title and text", .fires({ $0[0].title == "Backup done" && $0[0].body == "3.2 GB in 4 min" })) {
            [alert(for: exampleMessage, subscription: "home-server")]
        },
        RuleExample("priority 5 is critical", .fires({ $0[0].urgency == .critical })) {
            [alert(for: exampleMessage, subscription: "home-server")]
        },
        RuleExample("a keepalive is no message", .staysSilent) {
            guard case .success(.message(let message)) = NtfyEvent.read(Data(#"{"id":"a","time":1,"event":"keepalive","topic":"t"}"#.utf8)) else { return [] }
            return [alert(for: message, subscription: "home-server")]
        },
    ]
}

extension DeepLink.View {
    /// One subscription's messages, or one message; the argument is `NAME` or `NAME.ID` (a link
    /// has one subject segment, and neither a name nor an id has a dot).
    public static let subscription = DeepLink.View(rawValue: "subscription")
}

extension LinkedView {
    public static let subscription = LinkedView("subscription") { argument in
        let parts = argument.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let name = parts.first else { return false }
        let nameIsValid =
            (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2D }
        return nameIsValid && (parts.count == 1 || NtfyLine.isMessageID(String(parts[1])))
    }
}

extension DeepLink {
    /// `notifier open subscription home-server.hwQ2YpKdmg`.
    public static func subscription(_ name: String, message: String? = nil) -> DeepLink? {
        DeepLink(.subscription, argument: message.map { "\(name).\($0)" } ?? name)
    }
}
