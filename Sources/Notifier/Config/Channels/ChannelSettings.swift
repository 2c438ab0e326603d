import Foundation
import NotifierCore
import NotifierEngine

/// `[[channels]]`: somewhere notifications can go besides this desktop (a phone through ntfy,
/// e-mail, any Apprise service, a command). Secrets only by reference.
struct ChannelSettings: ConfigEntry {
    static let array = "channels"

    var name = ""
    /// An ntfy topic URL.
    var ntfy = ""
    /// `smtp://` or `smtps://` server; with `to` and `from`.
    var email = ""
    var to = ""
    var from = ""
    /// Any Apprise URL, handed to the `apprise` program in its environment (`APPRISE_URLS`).
    var apprise = ""
    /// An argv; `{title}`, `{body}`, `{link}` and `{urgency}` are replaced in each argument.
    var command: [String] = []
    /// ntfy's token (Bearer); a reference only.
    var token = ""
    var user = ""
    /// ntfy's or the mail server's password; a reference only.
    var password = ""
    /// Not a key: the `[sync]` topic the phone's Acknowledge button posts to, set by the
    /// dispatcher where `[sync]` is; `nil`: no such button.
    var acknowledgeVia: String?

    enum Kind: String, Sendable {
        case ntfy, email, apprise, command
    }

    /// What kind of channel it is; the entry's check makes it exactly one.
    var kind: Kind {
        if !ntfy.isEmpty { return .ntfy }
        if !email.isEmpty { return .email }
        if !apprise.isEmpty { return .apprise }
        return .command
    }

    /// Where it sends, for logs and `notifier status`: the service's address without secrets.
    var target: String {
        switch kind {
        case .ntfy: return Redaction.maskSecrets(in: ntfy)
        case .email: return "\(to) via \(Redaction.maskSecrets(in: email))"
        case .apprise: return apprise.split(separator: ":").first.map { "\($0)://…" } ?? "apprise"
        case .command: return command.first ?? ""
        }
    }

    static let keys: [SectionKey<ChannelSettings>] = [
        .string("name", \.name),
        .watchURL("ntfy", \.ntfy),
        .mailServer("email", \.email),
        .mailAddress("to", \.to),
        .mailAddress("from", \.from),
        .secretText("apprise", \.apprise),
        .argv("command", \.command),
        .reference("token", \.token),
        .string("user", \.user),
        .reference("password", \.password),
    ]

    func check() -> (key: String, message: String)? {
        let set = [("ntfy", !ntfy.isEmpty), ("email", !email.isEmpty), ("apprise", !apprise.isEmpty), ("command", !command.isEmpty)]
            .filter(\.1).map(\.0)
        guard set.count == 1 else {
            return (
                set.first ?? "name",
                set.isEmpty
                    ? "(\(name)) needs one of ntfy = \"https://…\", email = \"smtps://…\", apprise = \"…\" or command = [\"…\"]"
                    : "(\(name)) sets \(set.joined(separator: " and ")): a channel is one of them; make one [[channels]] each"
            )
        }
        if kind == .email {
            if to.isEmpty { return ("email", "(\(name)) needs to = \"you@example.org\" as well") }
            if from.isEmpty { return ("email", "(\(name)) needs from = \"notifier@example.org\" as well") }
        }
        if !token.isEmpty && !user.isEmpty { return ("token", "(\(name)) sets token and user: ntfy takes one of them (a token, or user and password)") }
        if !user.isEmpty && password.isEmpty { return ("user", "(\(name)) sets user without password = \"${file:…}\"") }
        return nil
    }

    func unresolvedSecret() -> (key: String, message: String)? {
        for (key, text) in [("ntfy", ntfy), ("apprise", apprise), ("token", token), ("password", password)] where !text.isEmpty {
            if case .failure(let problem) = SecretReference.resolve(text) { return (key, problem.message) }
        }
        return nil
    }

    static let documented = #"""
        # Somewhere notifications can go besides this desktop ([delivery] when_away names them; test
        # one with `notifier channel test NAME`). Each is one of ntfy, email (with to and from),
        # apprise or command. Secrets only by reference: ${env:NAME} or ${file:PATH}. Any [rules.NAME]
        # table, [[watches]] or [[reminders]] entry can also say channels = ["phone"]: its
        # notifications always go there too (a reminder that must not be missed).
        # [[channels]]
        # name = "phone"
        # ntfy = "https://ntfy.sh/my-alerts"
        # token = "${env:NTFY_TOKEN}"
        # [[channels]]
        # name = "mail"
        # email = "smtps://smtp.example.org:465"
        # to = "me@example.org"
        # from = "notifier@example.org"
        # user = "me"
        # password = "${file:~/.config/notifier/smtp-password}"
        # [[channels]]
        # name = "chat"
        # apprise = "tgram://${env:TELEGRAM_TOKEN}/CHAT"    # any Apprise URL; needs the apprise program
        # [[channels]]
        # name = "script"
        # command = ["my-sender", "{title}", "{body}", "{link}"]   # an argv, never a shell
        """#
}

extension Config {
    /// The channels a rule's alert always goes to as well: its `[rules.NAME] channels`, or its
    /// `[[watches]]` or `[[reminders]]` entry's; a group's, each member's.
    func channels(alsoFor alert: Alert) -> [String] {
        var names: [String] = []
        for member in alert.individualAlerts {
            var own = ruleChannels[member.rule] ?? []
            for list in Self.entryLists where list.rule == member.rule {
                own += list.channels(self).first { $0.entry == member.key }?.channels ?? []
            }
            for name in own where !names.contains(name) { names.append(name) }
        }
        return names
    }

    var channels: [ChannelSettings] {
        get { self[[ChannelSettings].self] }
        set { self[[ChannelSettings].self] = newValue }
    }
}
