import Foundation
import NotifierEngine

// Keys of any table that a secret or a channel's name is written in.
extension SectionKey {
    /// A secret written only as `${env:NAME}` or `${file:PATH}`, never as itself.
    package static func reference(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: true,
            apply: { config, value in
                guard let text = value.stringValue else { return "must be a string, got \(value.shownForError)" }
                guard case .success(let parts) = SecretReference.parts(text), !parts.isEmpty,
                    parts.allSatisfy({ if case .text = $0 { false } else { true } })
                else { return "must be a reference such as \"${env:NTFY_TOKEN}\" or \"${file:~/.config/notifier/token}\": secrets are not written here" }
                config[keyPath: field] = text
                return nil
            }, render: { $0[keyPath: field].isEmpty ? "" : $0[keyPath: field].tomlQuoted })
    }

    /// Names of `[[channels]]`; that each exists is checked once the file is read.
    package static func channelNames(_ key: String, _ field: WritableKeyPath<Root, [String]> & Sendable, omitEmpty: Bool = false) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let names = value.stringList else { return "must be a list of channel names such as [\"phone\"], got \(value.shownForError)" }
                if let bad = names.first(where: { EntryName.problem($0) != nil }) {
                    return "has \(bad.tomlQuoted), which is not a channel's name (a-z, 0-9, _ and -)"
                }
                config[keyPath: field] = names
                return nil
            },
            render: { root in
                let names = root[keyPath: field]
                return omitEmpty && names.isEmpty ? "" : "[" + names.map(\.tomlQuoted).joined(separator: ", ") + "]"
            })
    }
}
