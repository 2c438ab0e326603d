import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `[[channels]]`: somewhere notifications can go besides this desktop (a phone through ntfy,
/// e-mail, any Apprise service, a command). Secrets only by reference.
package struct ChannelSettings: ConfigEntry {
    package init() {}

    package static let array = "channels"

    package var name = ""
    /// An ntfy topic URL.
    package var ntfy = ""
    package var ntfyTopic: String? { ntfy.isEmpty ? nil : ntfy }
    /// `smtp://` or `smtps://` server; with `to` and `from`.
    package var email = ""
    package var to = ""
    package var from = ""
    /// Any Apprise URL, handed to the `apprise` program in its environment (`APPRISE_URLS`).
    package var apprise = ""
    /// An argv; `{title}`, `{body}`, `{link}` and `{urgency}` are replaced in each argument.
    package var command: [String] = []
    /// ntfy's token (Bearer); a reference only.
    package var token = ""
    package var user = ""
    /// ntfy's or the mail server's password; a reference only.
    package var password = ""
    /// Not a key: the `[sync]` topic the phone's Acknowledge button posts to, set by the
    /// dispatcher where `[sync]` is; `nil`: no such button.
    package var acknowledgeVia: String?
    /// Not a key: with a `[sync]` key, what derives the button's proof for each episode.
    package var acknowledgeSeal: SyncSeal?

    package enum Kind: String, Sendable {
        case ntfy, email, apprise, command
    }

    /// What kind of channel it is; the entry's check makes it exactly one.
    package var kind: Kind {
        if !ntfy.isEmpty { return .ntfy }
        if !email.isEmpty { return .email }
        if !apprise.isEmpty { return .apprise }
        return .command
    }

    /// Where it sends, for logs and `notifier status`: the service's address without secrets.
    package var target: String {
        switch kind {
        case .ntfy: return Redaction.maskSecrets(in: ntfy)
        case .email: return "\(to) via \(Redaction.maskSecrets(in: email))"
        case .apprise: return apprise.split(separator: ":").first.map { "\($0)://…" } ?? "apprise"
        case .command: return command.first ?? ""
        }
    }

    package static let keys: [SectionKey<ChannelSettings>] = [
        .string("name", \.name),
        .httpURL("ntfy", \.ntfy),
        .mailServer("email", \.email),
        .mailAddress("to", \.to),
        .mailAddress("from", \.from),
        .secretText("apprise", \.apprise),
        .argv("command", \.command),
        .reference("token", \.token),
        .string("user", \.user),
        .reference("password", \.password),
    ]

    package func check() -> (key: String, message: String)? {
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

    package func unresolvedSecret() -> (key: String, message: String)? {
        for (key, text) in [("ntfy", ntfy), ("apprise", apprise), ("token", token), ("password", password)] where !text.isEmpty {
            if case .failure(let problem) = SecretReference.resolve(text) { return (key, problem.message) }
        }
        return nil
    }

    package static let documented = #"""
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

/// `channels = […]` of a `[rules.NAME]` table: where its alerts always go too.
package struct RuleChannels: Sendable, Equatable {
    package var names: [String] = []

    package static let keys = RuleKeys(RuleChannels(), keys: [.channelNames("channels", \.names, omitEmpty: true)], onEntries: false)
}

extension Config {
    /// `channels = […]` of `[rules.NAME]` tables, by rule, those set.
    package var ruleChannels: [String: [String]] { self[RuleKeyValues<RuleChannels>.self].byRule.mapValues(\.names) }

    /// The first place that names a channel no `[[channels]]` entry is called: `[delivery]
    /// when_away`, a rule's `channels`, an entry's.
    package func unknownChannelProblem(_ schema: ConfigSchema) -> (key: String, message: String)? {
        let named =
            [("delivery.when_away", delivery.whenAway)] + ruleChannels.sorted { $0.key < $1.key }.map { ("rules.\($0.key).channels", $0.value) }
        for (setting, names) in named {
            guard let unknown = names.first(where: { name in !channels.contains { $0.name == name } }) else { continue }
            let known = channels.map(\.name)
            return (
                setting,
                "names \(unknown.tomlQuoted), which no [[channels]] entry is called"
                    + (known.isEmpty ? "; add one with name = \(unknown.tomlQuoted)" : "; channels: \(known.joined(separator: ", "))")
            )
        }
        for list in schema.entryLists {
            for (index, entry) in list.channels(self).enumerated() {
                guard let unknown = entry.channels.first(where: { name in !channels.contains { $0.name == name } }) else { continue }
                return ("\(list.array).\(index).channels", "(\(entry.entry)) names \(unknown.tomlQuoted), which no [[channels]] entry is called")
            }
        }
        return nil
    }

    /// The channels a rule's alert always goes to as well: its `[rules.NAME] channels`, or its
    /// `[[watches]]` or `[[reminders]]` entry's; a group's, each member's.
    package func channels(alsoFor alert: Alert) -> [String] {
        var names: [String] = []
        for member in alert.individualAlerts {
            // Read by rule, not through `ruleChannels`: this runs for every alert routed.
            var own = self[RuleKeyValues<RuleChannels>.self].byRule[member.rule]?.names ?? []
            for list in entryLists where list.rule == member.rule {
                own += list.channels(self).first { $0.entry == member.key }?.channels ?? []
            }
            for name in own where !names.contains(name) { names.append(name) }
        }
        return names
    }

    package var channels: [ChannelSettings] {
        get { self[[ChannelSettings].self] }
        set { self[[ChannelSettings].self] = newValue }
    }
}
