import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// `[sync]`: machines with the same config act as one through a private ntfy topic: the first
/// to send an episode to the phone claims it there, and an acknowledgement anywhere (a click,
/// `notifier ack`, the phone's button) is told there and applied everywhere.
package struct SyncSettings: ConfigSection {
    package init() {}

    package static let table = "sync"

    /// The topic's URL; "" is no sync.
    package var ntfy = ""
    /// ntfy's access token (Bearer); a reference only.
    package var token = ""
    /// Who this machine is in "acknowledged by NAME"; "" is its host name.
    package var machine = ""
    /// The key shared by the machines, which signs what they say on the topic; a reference only.
    /// "" is none: then anyone who can publish on the topic can claim and acknowledge.
    package var key = ""

    package var enabled: Bool { !ntfy.isEmpty }

    package static let keys: [SectionKey<SyncSettings>] = [
        .syncTopic("ntfy", \.ntfy),
        .optionalReference("token", \.token),
        .machineName("machine", \.machine),
        .optionalReference("key", \.key),
    ]

    package func check() -> (key: String, message: String)? {
        guard ntfy.isEmpty else { return nil }
        let set = [("token", token), ("machine", machine), ("key", key)].filter { !$0.1.isEmpty }.map(\.0)
        guard !set.isEmpty else { return nil }
        return ("ntfy", "is required with \(set.joined(separator: " and ")): the private topic's URL, such as \"https://ntfy.example.org/notifier-me-7f3a\"")
    }

    /// This machine's name as others are told it.
    package var machineName: String {
        if !machine.isEmpty { return machine }
        let name = SyncMessage.cleaned(Self.hostName())
        return name.isEmpty ? "another machine" : name
    }

    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The topic's `…/json` endpoint with `query`.
    package func endpoint(query: [URLQueryItem]) -> String? {
        guard var url = URLComponents(string: ntfy) else { return nil }
        url.path = (url.path.hasSuffix("/") ? String(url.path.dropLast()) : url.path) + "/json"
        url.queryItems = (url.queryItems ?? []) + query
        return url.string
    }

    /// The `Authorization` header, resolved now; the problem names the reference, never a secret.
    package func authorization(environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<
        [(name: String, value: String)], SecretReference.ReferenceProblem
    > {
        guard !token.isEmpty else { return .success([]) }
        return SecretReference.resolve(token, environment: environment, home: environment["HOME"]).map { [("Authorization", "Bearer \($0)")] }
    }

    package static let documented = #"""
        [sync]
        # Two or more machines with this same config act as one, through a private ntfy topic: the
        # first to send an episode to your phone claims it there (the others show only their own
        # bubble), and an acknowledgement anywhere (a click, `notifier ack`, the phone's Acknowledge
        # button) closes it everywhere. "" for none; e.g. "https://ntfy.example.org/notifier-me-7f3a".
        ntfy = ""
        # ntfy's access token for the topic, only as a reference: "${env:NTFY_TOKEN}" or "${file:…}".
        token = ""
        # This machine's name in "acknowledged by NAME"; "" is its host name.
        machine = ""
        # A key the machines share, only as a reference ("${file:~/.config/notifier/sync.key}", made
        # with `openssl rand -hex 32`): it signs every claim and acknowledgement, and the phone's
        # Acknowledge button carries a value derived from it. Without one, anyone who can publish on
        # the topic can claim an episode (keeping it off the phone) or acknowledge it.
        key = ""
        """#
    package init(ntfy: String = "", token: String = "", machine: String = "", key: String = "") {
        self.ntfy = ntfy
        self.token = token
        self.machine = machine
        self.key = key
    }

    /// What `config check` and `status` say of a topic without a key.
    package static let unsignedWarning = "without a key, anyone who can publish on the topic can claim and acknowledge"
}

extension Config {
    /// `config check`'s word on `[sync]`: a key that cannot be used is an error with its line;
    /// a topic without a key, a warning.
    package func syncReview(file: String, lines: TOMLKeyLines) throws(ConfigError) -> [String] {
        guard sync.enabled else { return [] }
        if case .failure(let problem) = SyncSeal.make(sync, environment: ProcessInfo.processInfo.environment) {
            throw ConfigError(file: file, line: lines.line(of: ["sync", "key"]), message: "sync.key \(problem.message)")
        }
        guard sync.key.isEmpty else { return [] }
        return [ConfigError(file: file, line: lines.line(of: ["sync", "ntfy"]), message: "[sync] \(SyncSettings.unsignedWarning)").description]
    }

    /// The sync topic must be its own: on a channel's topic the phone would show every claim,
    /// and a subscription would tell each one as a notification.
    package func syncTopicProblem() -> (key: String, message: String)? {
        guard sync.enabled else { return nil }
        func same(_ url: String) -> Bool { url.trimmingCharacters(in: ["/"]).lowercased() == sync.ntfy.trimmingCharacters(in: ["/"]).lowercased() }
        // The channels first: the topic a person is most likely to have copied.
        for list in entryLists.filter({ $0.array == "channels" }) + entryLists.filter({ $0.array != "channels" }) {
            if let (entry, _) = list.topics(self).first(where: { same($0.topic) }) {
                return ("sync.ntfy", "is the topic of [[\(list.array)]] \(entry.tomlQuoted): give [sync] a private topic of its own")
            }
        }
        return nil
    }
}

extension SectionKey {
    /// The sync topic: an http(s) URL without user, password or references, or "" for none.
    package static func syncTopic(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let string = value.stringValue else { return "must be a string, got \(value.shownForError)" }
                if !string.isEmpty {
                    guard string.utf8.count <= 2048, let url = URLComponents(string: string), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                        let host = url.host, !host.isEmpty, url.user == nil, url.password == nil, !url.path.trimmingCharacters(in: ["/"]).isEmpty
                    else {
                        return
                            "must be an ntfy topic's http:// or https:// URL such as \"https://ntfy.example.org/notifier-me-7f3a\" (no user or password in it; a token goes in token = \"${env:…}\")"
                    }
                }
                config[keyPath: field] = string
                return nil
            }, render: { $0[keyPath: field].isEmpty ? "" : Redaction.maskSecrets(in: $0[keyPath: field]).tomlQuoted })
    }

    /// A secret written only as `${env:NAME}` or `${file:PATH}`; "" for none.
    package static func optionalReference(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        let reference = SectionKey.reference(key, field)
        return SectionKey(
            name: key, secret: true,
            apply: { config, value in
                if value.stringValue == "" {
                    config[keyPath: field] = ""
                    return nil
                }
                return reference.apply(&config, value)
            }, render: reference.render)
    }

    /// A machine's name: one line of at most 64 characters, or "" for the host's name.
    package static func machineName(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let string = value.stringValue else { return "must be a string, got \(value.shownForError)" }
                guard string == SyncMessage.cleaned(string), string.count < SyncMessage.maxName else {
                    return "must be a short name such as \"laptop\": one line of at most \(SyncMessage.maxName - 1) characters, without control characters"
                }
                config[keyPath: field] = string
                return nil
            }, render: { $0[keyPath: field].isEmpty ? "" : $0[keyPath: field].tomlQuoted })
    }
}

extension Config {
    package var sync: SyncSettings {
        get { self[SyncSettings.self] }
        set { self[SyncSettings.self] = newValue }
    }
}
