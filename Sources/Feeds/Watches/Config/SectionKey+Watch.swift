import Foundation
import NotifierCore
import NotifierEngine
import Synchronization

// The keys of `[[watches]]` that no section has. A key whose value is unset renders as "",
// which `ConfigEntryList` leaves out of `config check`.
extension SectionKey {
    package static func optionalNumber(_ key: String, _ field: WritableKeyPath<Root, Double?> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let number = value.numberValue else { return "must be a number, got \(value.shownForError)" }
                config[keyPath: field] = number
                return nil
            }, render: { $0[keyPath: field].map(\.shortText) ?? "" })
    }

    /// A duration, unset unless written.
    package static func unsetDuration(_ key: String, _ field: WritableKeyPath<Root, Duration?> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let text = value.stringValue, let duration = Duration.parse(text), duration > .zero else {
                    return "must be a duration such as \"1h\", got \(value.shownForError)"
                }
                config[keyPath: field] = duration
                return nil
            }, render: { $0[keyPath: field].map { $0.configText.tomlQuoted } ?? "" })
    }

    /// A regular expression, checked when the config loads; unset unless written.
    package static func pattern(_ key: String, _ field: WritableKeyPath<Root, String?> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let text = value.stringValue else { return "must be a regular expression as a string, got \(value.shownForError)" }
                do {
                    _ = try NSRegularExpression(pattern: text)
                } catch {
                    return "is not a regular expression: \(text.tomlQuoted)"
                }
                config[keyPath: field] = text
                return nil
            }, render: { $0[keyPath: field]?.tomlQuoted ?? "" })
    }

    /// A jq program or a JSON Pointer, checked without compiling; the entry's check compiles
    /// an enabled watch's (`compiledSelectorProblem`).
    package static func selector(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let text = value.stringValue else { return "must be a jq selector such as \".count\" as a string, got \(value.shownForError)" }
                if let problem = WatchSelector.quickProblem(text) { return "is not a selector jq can run: \(problem)" }
                config[keyPath: field] = text
                return nil
            }, render: { $0[keyPath: field].tomlQuoted })
    }

    /// jq's own message when `text` does not compile; nil when it does, or when this command does
    /// not compile selectors (a view). Compiling loads libjq, which a watch that is off (the
    /// example `config default` writes) must not cost a daemon.
    package static func compiledSelectorProblem(_ text: String) -> String? {
        guard CostlyConfigChecks.enabled.load(ordering: .relaxed) else { return nil }
        do {
            _ = try WatchSelector(text)
            return nil
        } catch {
            return "is not a selector jq can run: \(error.message)"
        }
    }

    /// `{ Authorization = "Bearer ${env:TOKEN}" }`: header names and values; secrets by reference.
    package static func headers(_ key: String, _ field: WritableKeyPath<Root, [String: String]> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: true,
            apply: { config, value in
                let problem =
                    "must be an inline table of header names and texts such as { Authorization = \"Bearer ${env:TOKEN}\" }, got \(value.shownForError)"
                if case .tableOfTables(let table) = value, table.isEmpty {
                    config[keyPath: field] = [:]
                    return nil
                }
                guard case .table(let fields) = value else { return problem }
                var headers: [String: String] = [:]
                for (name, raw) in fields.sorted(by: { $0.key < $1.key }) {
                    guard !name.isEmpty, name.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != 0x3A }) else {
                        return "has \(name.tomlQuoted), which is not a header name"
                    }
                    guard let text = raw.stringValue else { return "has \(name) = \(raw.shownForError), which is not a string" }
                    guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                        return "has \(name) with a control character, which a header cannot hold"
                    }
                    if case .failure(let problem) = SecretReference.parts(text) { return "\(name) \(problem.message)" }
                    headers[name] = text
                }
                config[keyPath: field] = headers
                return nil
            },
            render: { config in
                let headers = config[keyPath: field].sorted { $0.key < $1.key }
                guard !headers.isEmpty else { return "" }
                let shown = headers.map { name, value in
                    "\(name.tomlKey) = \(SecretReference.masked(value, literalsAreSecret: Self.isSensitiveHeader(name)).tomlQuoted)"
                }
                return "{ " + shown.joined(separator: ", ") + " }"
            })
    }
}

extension SectionKey {
    /// Headers whose literal text is masked in `config check` as a key would be.
    package static func isSensitiveHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["authorization", "proxy-authorization", "cookie"].contains(lower)
            || ["token", "key", "secret", "auth", "pass"].contains { lower.contains($0) }
    }
}

extension String {
    /// A bare TOML key when it can be one, else quoted.
    package var tomlKey: String {
        let bare =
            !isEmpty && utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x5F || $0 == 0x2D }
        return bare ? self : tomlQuoted
    }
}
