import Foundation
import NotifierCore
import NotifierEngine

// The keys of `[[channels]]` that no other table has.
extension SectionKey {
    /// Text that may hold references; literal parts masked in `config check` (an Apprise URL
    /// carries its service's token).
    package static func secretText(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: true,
            apply: { config, value in
                guard let text = value.stringValue else { return "must be a string, got \(value.shownForError)" }
                if case .failure(let problem) = SecretReference.parts(text) { return problem.message }
                guard text.contains("://") else { return "must be an Apprise URL such as \"tgram://TOKEN/CHAT\", got \(text.count) characters without ://" }
                config[keyPath: field] = text
                return nil
            },
            render: { config in
                let text = config[keyPath: field]
                guard !text.isEmpty else { return "" }
                let scheme = text.components(separatedBy: "://").first ?? ""
                return (scheme + "://" + (SecretReference.hasReferences(text) ? SecretReference.masked(text, literalsAreSecret: true) : "***")).tomlQuoted
            })
    }

    /// `smtp://host:port` or `smtps://host:port`.
    package static func mailServer(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let text = value.stringValue, let url = URLComponents(string: text), ["smtp", "smtps"].contains(url.scheme?.lowercased() ?? ""),
                    let host = url.host, !host.isEmpty, url.user == nil, url.password == nil
                else { return "must be a mail server such as \"smtps://smtp.example.org:465\" (no user or password in it), got \(value.shownForError)" }
                config[keyPath: field] = text
                return nil
            }, render: { $0[keyPath: field].isEmpty ? "" : $0[keyPath: field].tomlQuoted })
    }

    package static func mailAddress(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let text = value.stringValue, text.utf8.count <= 254, text.filter({ $0 == "@" }).count == 1,
                    !text.hasPrefix("@"), !text.hasSuffix("@"),
                    text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && !"<>,;\"\\".unicodeScalars.contains($0) })
                else { return "must be one mail address such as \"me@example.org\", got \(value.shownForError)" }
                config[keyPath: field] = text
                return nil
            }, render: { $0[keyPath: field].isEmpty ? "" : $0[keyPath: field].tomlQuoted })
    }
}
