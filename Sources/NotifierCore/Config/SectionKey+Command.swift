import NotifierEngine

extension SectionKey {
    /// A command as an argv, such as ["gnome-terminal", "--"]; [] for none. It is run as is,
    /// never through a shell.
    package static func command(_ key: String, _ field: WritableKeyPath<Root, [String]> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                if value.isEmptyArray {
                    config[keyPath: field] = []
                    return nil
                }
                guard case .strings(let argv) = value, let program = argv.first, !program.isEmpty,
                    argv.allSatisfy({ $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } })
                else { return "must be a command as a list such as [\"kitty\"] or [\"gnome-terminal\", \"--\"], got \(value.shownForError)" }
                config[keyPath: field] = argv
                return nil
            }, render: { "[" + $0[keyPath: field].map(\.tomlQuoted).joined(separator: ", ") + "]" })
    }
}
