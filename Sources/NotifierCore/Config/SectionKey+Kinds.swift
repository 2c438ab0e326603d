import Foundation
import NotifierEngine
import NotifierSystem

extension SectionKey {
    package static func bool(_ key: String, _ field: WritableKeyPath<Root, Bool> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let bool = value.boolValue else { return "must be true or false, got \(value.shownForError)" }
                config[keyPath: field] = bool
                return nil
            }, render: { $0[keyPath: field] ? "true" : "false" })
    }

    package static func integer(_ key: String, _ field: WritableKeyPath<Root, Int> & Sendable, in range: ClosedRange<Int>) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let int = value.intValue else { return "must be a whole number, got \(value.shownForError)" }
                guard range.contains(int) else { return "must be between \(range.lowerBound) and \(range.upperBound), got \(int)" }
                config[keyPath: field] = int
                return nil
            }, render: { "\($0[keyPath: field])" })
    }

    package static func string(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let string = value.stringValue else { return "must be a string, got \(value.shownForError)" }
                config[keyPath: field] = string
                return nil
            },
            render: { config in config[keyPath: field].tomlQuoted })
    }

    /// A key kept as a `Secret`: printed masked, never whole.
    package static func secret(_ key: String, _ field: WritableKeyPath<Root, Secret> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: true,
            apply: { config, value in
                guard let string = value.stringValue else { return "must be a string, got \(value.shownForError)" }
                config[keyPath: field] = Secret(string)
                return nil
            },
            render: { config in
                let secret = config[keyPath: field]
                return secret.isEmpty ? "".tomlQuoted : Redaction.mask(key: secret.revealed).tomlQuoted
            })
    }

    /// An http(s) URL, or empty where the feed's source needs none.
    package static func url(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let string = value.stringValue else { return "must be a string, got \(value.shownForError)" }
                if !string.isEmpty {
                    guard let url = URLComponents(string: string), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                        let host = url.host, !host.isEmpty
                    else { return "must be an http:// or https:// URL, got \(string.tomlQuoted)" }
                }
                config[keyPath: field] = string
                return nil
            }, render: { $0[keyPath: field].tomlQuoted })
    }

    package static func duration(_ key: String, _ field: WritableKeyPath<Root, Duration> & Sendable, atLeast minimum: Duration) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let string = value.stringValue, let duration = Duration.parse(string) else {
                    return "must be a duration such as \"30s\", \"15m\", \"6h\" or \"1d\", got \(value.shownForError)"
                }
                guard duration >= minimum else { return "must be at least \(minimum.configText), got \(string.tomlQuoted)" }
                config[keyPath: field] = duration
                return nil
            }, render: { $0[keyPath: field].configText.tomlQuoted })
    }

    package static func number(_ key: String, _ field: WritableKeyPath<Root, Double> & Sendable, in range: ClosedRange<Double>) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let number = value.numberValue else { return "must be a number, got \(value.shownForError)" }
                guard range.contains(number) else {
                    return "must be between \(range.lowerBound.shortText) and \(range.upperBound.shortText), got \(number.shortText)"
                }
                config[keyPath: field] = number
                return nil
            }, render: { $0[keyPath: field].shortText })
    }

    /// A local time of day, "09:00"; with `orNone`, "" too (what it times is off).
    package static func clockTime(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable, orNone: String? = nil) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let text = value.stringValue, (orNone != nil && text.isEmpty) || (try? QuietHours.ClockTime(parsing: text)) != nil else {
                    let none = orNone.map { ", or \"\" for \($0)" } ?? ""
                    return "must be a local time such as \"\(orNone == nil ? "09:00" : "18:00")\"\(none), got \(value.shownForError)"
                }
                config[keyPath: field] = text
                return nil
            }, render: { $0[keyPath: field].tomlQuoted })
    }

    package static func weekday(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let text = value.stringValue, ["monday", "sunday", "saturday"].contains(text) else {
                    return "must be one of \"monday\", \"sunday\", \"saturday\", got \(value.shownForError)"
                }
                config[keyPath: field] = text
                return nil
            }, render: { $0[keyPath: field].tomlQuoted })
    }

    /// A duration, or "" for none.
    package static func optionalDuration(_ key: String, _ field: WritableKeyPath<Root, Duration?> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let text = value.stringValue else { return "must be a duration such as \"2h\", or \"\" for none, got \(value.shownForError)" }
                if text.trimmingCharacters(in: .whitespaces).isEmpty {
                    config[keyPath: field] = nil
                    return nil
                }
                guard let duration = Duration.parse(text), duration > .zero else {
                    return "must be a duration such as \"2h\", or \"\" for none, got \(text.tomlQuoted)"
                }
                config[keyPath: field] = duration
                return nil
            }, render: { $0[keyPath: field].map { $0.configText.tomlQuoted } ?? "\"\"" })
    }

    /// A message template whose `{names}` must all be known fields; "" for the built-in text.
    package static func template(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable, fields: [String]) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                guard let text = value.stringValue else { return "must be a string, got \(value.shownForError)" }
                if let unknown = MessageTemplate(text).fields.first(where: { !fields.contains($0) }) {
                    return "uses {\(unknown)}, which is not one of " + fields.map { "{\($0)}" }.joined(separator: " ")
                }
                config[keyPath: field] = text
                return nil
            }, render: { $0[keyPath: field].tomlQuoted })
    }

    /// "22:00-08:00", or "" for none.
    package static func quietHours(_ key: String, _ field: WritableKeyPath<Root, QuietHours?> & Sendable) -> SectionKey {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                let problem = "must be a range of local times such as \"22:00-08:00\", or \"\" for none, got \(value.shownForError)"
                guard let text = value.stringValue else { return problem }
                if text.trimmingCharacters(in: .whitespaces).isEmpty {
                    config[keyPath: field] = nil
                    return nil
                }
                let parts = text.split(separator: "-", omittingEmptySubsequences: false)
                guard parts.count == 2,
                    let hours = try? QuietHours(start: parts[0].trimmingCharacters(in: .whitespaces), end: parts[1].trimmingCharacters(in: .whitespaces))
                else { return problem }
                config[keyPath: field] = hours.isNeverQuiet ? nil : hours
                return nil
            },
            render: { config in
                config[keyPath: field].map { "\($0.start)-\($0.end)".tomlQuoted } ?? "\"\""
            })
    }

    package static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ field: WritableKeyPath<Root, Choice> & Sendable
    ) -> SectionKey where Choice.RawValue == String {
        SectionKey(
            name: key, secret: false,
            apply: { config, value in
                let choices = Choice.allCases.map { $0.rawValue.tomlQuoted }.joined(separator: ", ")
                guard let string = value.stringValue, let choice = Choice(rawValue: string) else {
                    return "must be one of \(choices), got \(value.shownForError)"
                }
                config[keyPath: field] = choice
                return nil
            }, render: { $0[keyPath: field].rawValue.tomlQuoted })
    }
}
