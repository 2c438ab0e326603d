import Foundation
import NotifierCore
import NotifierEngine

/// `[[subscriptions]]`: an ntfy topic as a source; each message it carries goes through the
/// engine as a subject of its own. Secrets only by reference, as `[[channels]]` have them.
package struct SubscriptionSettings: ConfigEntry {
    package init() {}

    package static let array = "subscriptions"
    package static let required = ["ntfy"]
    package static let rule: String? = SubscriptionSettings.ruleID

    /// The rule its messages are decided under (`NotifierSubscriptions`' `SubscriptionRule.id`,
    /// written out here: the config parser is compiled without the feeds' libraries).
    package static let ruleID = "subscription"

    package var name = ""
    package var enabled = true
    /// The topic's URL, `https://ntfy.example.org/backups`; `/json` is added to subscribe.
    package var ntfy = ""
    package var ntfyTopic: String? { ntfy.isEmpty ? nil : ntfy }
    /// ntfy's access token (Bearer); a reference only.
    package var token = ""
    package var user = ""
    /// The user's password (Basic); a reference only.
    package var password = ""
    /// `[[channels]]` its alerts always go to as well.
    package var channels: [String] = []

    package static let keys: [SectionKey<SubscriptionSettings>] = [
        .string("name", \.name),
        .bool("enabled", \.enabled),
        .httpURL("ntfy", \.ntfy),
        .reference("token", \.token),
        .string("user", \.user),
        .reference("password", \.password),
        .channelNames("channels", \.channels, omitEmpty: true),
    ]

    package func check() -> (key: String, message: String)? {
        if !token.isEmpty && !user.isEmpty { return ("token", "(\(name)) sets token and user: ntfy takes one of them (a token, or user and password)") }
        if !user.isEmpty && password.isEmpty { return ("user", "(\(name)) sets user without password = \"${file:…}\"") }
        if user.isEmpty && !password.isEmpty { return ("password", "(\(name)) sets password without user = \"…\"") }
        if let url = URLComponents(string: ntfy), url.user != nil || url.password != nil {
            return ("ntfy", "(\(name)) has a user or password in the URL: write user = \"…\" and password = \"${file:…}\" instead")
        }
        return nil
    }

    package func unresolvedSecret() -> (key: String, message: String)? {
        for (key, text) in [("ntfy", ntfy), ("token", token), ("password", password)] where !text.isEmpty {
            if case .failure(let problem) = SecretReference.resolve(text) { return (key, problem.message) }
        }
        return nil
    }

    /// The topic's `…/json` endpoint with `query`; `nil` when a reference in the URL cannot be had.
    package func endpoint(query: [URLQueryItem]) -> String? {
        guard case .success(let base) = SecretReference.resolve(ntfy), var url = URLComponents(string: base) else { return nil }
        url.path = (url.path.hasSuffix("/") ? String(url.path.dropLast()) : url.path) + "/json"
        url.queryItems = (url.queryItems ?? []) + query
        return url.string
    }

    /// The `Authorization` header, resolved now; the problem names the reference, never a secret.
    package func authorization() -> Result<[(name: String, value: String)], SecretReference.ReferenceProblem> {
        if !token.isEmpty {
            return SecretReference.resolve(token).map { [("Authorization", "Bearer \($0)")] }
        }
        if !user.isEmpty {
            return SecretReference.resolve(password).map { [("Authorization", "Basic " + Data("\(user):\($0)".utf8).base64EncodedString())] }
        }
        return .success([])
    }

    package static let documented = #"""
        # ntfy topics as a source: each message is a notification here, through the same quiet
        # hours, do-not-disturb, mutes, snoozes, grouping and history as the rest. The daemon keeps
        # a stream open (reconnecting from the last message it had); --once asks for what came
        # since the last run. The first time, only messages from then on are shown, not the
        # topic's cache. Secrets only by reference: ${env:NAME} or ${file:PATH}.
        # [[subscriptions]]
        # name = "home-server"
        # ntfy = "https://ntfy.example.org/backups"
        # token = "${env:NTFY_TOKEN}"       # or user = "me" and password = "${file:…}"
        """#
}

extension Config {
    package var subscriptions: [SubscriptionSettings] {
        get { self[[SubscriptionSettings].self] }
        set { self[[SubscriptionSettings].self] = newValue }
    }
}
