import Foundation
import NotifierEngine
import NotifierSystem

// Kinds of keys that repeated tables of more than one owner use: `[[channels]]` runs a
// command and posts to a URL as `[[watches]]` does.
extension SectionKey {
    /// A program and its arguments, run as they are (never through a shell); unset unless written.
    package static func argv(_ key: String, _ field: WritableKeyPath<Root, [String]> & Sendable) -> SectionKey {
        let command = SectionKey.command(key, field)
        return SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard case .strings = value else {
                    return "must be a command as a list such as [\"sensors\", \"-j\"], got \(value.shownForError)"
                }
                return command.apply(&config, value)
            }, render: { $0[keyPath: field].isEmpty ? "" : command.render($0) })
    }

    /// An http(s) URL that may hold `${env:…}`/`${file:…}` references; unset unless written.
    package static func httpURL(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let string = value.stringValue else { return "must be a string, got \(value.shownForError)" }
                if case .failure(let problem) = SecretReference.parts(string) { return problem.message }
                // References stand for text; the URL around them must be one.
                let probe = string.replacingOccurrences(of: #"\$\{[^}]*\}"#, with: "x", options: .regularExpression)
                guard let url = URLComponents(string: probe), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                    let host = url.host, !host.isEmpty
                else { return "must be an http:// or https:// URL, got \(SecretReference.masked(string, literalsAreSecret: false).tomlQuoted)" }
                config[keyPath: field] = string
                return nil
            },
            render: { config in
                let url = config[keyPath: field]
                return url.isEmpty ? "" : Redaction.maskSecrets(in: url).tomlQuoted
            })
    }
}
