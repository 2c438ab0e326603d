import Feeds
import Foundation
import Rules

extension SectionKey {
    static func bool(_ key: String, _ field: WritableKeyPath<Root, Bool> & Sendable) -> SectionKey {
        SectionKey(name: key, secret: false, apply: { config, value in
            guard let bool = value.boolValue else { return "must be true or false, got \(value.shownForError)" }
            config[keyPath: field] = bool
            return nil
        }, render: { $0[keyPath: field] ? "true" : "false" })
    }

    static func integer(_ key: String, _ field: WritableKeyPath<Root, Int> & Sendable, in range: ClosedRange<Int>) -> SectionKey {
        SectionKey(name: key, secret: false, apply: { config, value in
            guard let int = value.intValue else { return "must be a whole number, got \(value.shownForError)" }
            guard range.contains(int) else { return "must be between \(range.lowerBound) and \(range.upperBound), got \(int)" }
            config[keyPath: field] = int
            return nil
        }, render: { "\($0[keyPath: field])" })
    }

    static func string(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable, secret: Bool = false) -> SectionKey {
        SectionKey(name: key, secret: secret, apply: { config, value in
            guard let string = value.stringValue else { return "must be a string, got \(value.shownForError)" }
            config[keyPath: field] = string
            return nil
        }, render: { config in
            let text = config[keyPath: field]
            return secret && !text.isEmpty ? Redaction.mask(key: text).tomlQuoted : text.tomlQuoted
        })
    }

    /// An http(s) URL, or empty where the feed's source needs none.
    static func url(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(name: key, secret: false, apply: { config, value in
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

    static func duration(_ key: String, _ field: WritableKeyPath<Root, Duration> & Sendable, atLeast minimum: Duration) -> SectionKey {
        SectionKey(name: key, secret: false, apply: { config, value in
            guard let string = value.stringValue, let duration = Duration.parse(string) else {
                return "must be a duration such as \"30s\", \"15m\", \"6h\" or \"1d\", got \(value.shownForError)"
            }
            guard duration >= minimum else { return "must be at least \(minimum.configText), got \(string.tomlQuoted)" }
            config[keyPath: field] = duration
            return nil
        }, render: { $0[keyPath: field].configText.tomlQuoted })
    }

    static func number(_ key: String, _ field: WritableKeyPath<Root, Double> & Sendable, in range: ClosedRange<Double>) -> SectionKey {
        SectionKey(name: key, secret: false, apply: { config, value in
            guard let number = value.numberValue else { return "must be a number, got \(value.shownForError)" }
            guard range.contains(number) else { return "must be between \(range.lowerBound.shortText) and \(range.upperBound.shortText), got \(number.shortText)" }
            config[keyPath: field] = number
            return nil
        }, render: { $0[keyPath: field].shortText })
    }

    /// Coin symbols: 1–12 ASCII letters or digits each.
    static func symbols(_ key: String, _ field: WritableKeyPath<Root, [String]> & Sendable) -> SectionKey {
        SectionKey(name: key, secret: false, apply: { config, value in
            let problem = "must be a list of coin symbols such as [\"BTC\", \"ETH\"], got \(value.shownForError)"
            if case .strings(let symbols) = value {
                guard symbols.allSatisfy({ DeepLink.crypto($0) != nil }) else { return problem }
                config[keyPath: field] = symbols.map { $0.uppercased() }
                return nil
            }
            if case .other("an empty array") = value {
                config[keyPath: field] = []
                return nil
            }
            return problem
        }, render: { "[" + $0[keyPath: field].map(\.tomlQuoted).joined(separator: ", ") + "]" })
    }

    /// `{ BTC = { threshold_percent = 3, rearm_percent = 2 } }`: levels for one coin.
    static func changeOverrides(_ key: String, _ field: WritableKeyPath<Root, [String: CryptoChangeRule.Levels]> & Sendable,
                                level: String = "threshold_percent") -> SectionKey {
        SectionKey(name: key, secret: false, apply: { config, value in
            guard case .symbolTable(let table) = value else {
                return "must be a table of coins such as { BTC = { \(level) = 3, rearm_percent = 2 } }, got \(value.shownForError)"
            }
            var overrides: [String: CryptoChangeRule.Levels] = [:]
            for (symbol, fields) in table {
                guard DeepLink.crypto(symbol) != nil else { return "has \(symbol.tomlQuoted), which is not a coin symbol" }
                guard Set(fields.keys).isSubset(of: [level, "rearm_percent"]),
                      let threshold = fields[level]?.numberValue, threshold > 0,
                      let rearm = fields["rearm_percent"]?.numberValue, rearm >= 0, rearm < threshold
                else { return "\(symbol) needs \(level) and a smaller rearm_percent, both numbers" }
                overrides[symbol.uppercased()] = CryptoChangeRule.Levels(threshold: threshold, rearm: rearm)
            }
            config[keyPath: field] = overrides
            return nil
        }, render: { config in
            let entries = config[keyPath: field].sorted { $0.key < $1.key }.map {
                "\($0.key) = { \(level) = \($0.value.threshold.shortText), rearm_percent = \($0.value.rearm.shortText) }"
            }
            return "{ " + entries.joined(separator: ", ") + (entries.isEmpty ? "}" : " }")
        })
    }

    /// Days before a holiday to remind: [7, 1, 0].
    /// A list of holiday kinds: "public", "folk", "national".
    static func holidayKinds(_ key: String, _ field: WritableKeyPath<Root, [String]?> & Sendable) -> SectionKey {
        SectionKey(name: key, secret: false, apply: { config, value in
            let known = Holiday.Kind.allCases.map(\.rawValue)
            // "" (how an unset list is written back): the `public` and `folk` switches decide.
            if value.stringValue == "" {
                config[keyPath: field] = nil
                return nil
            }
            if case .other("an empty array") = value {
                config[keyPath: field] = []
                return nil
            }
            guard case .strings(let kinds) = value, kinds.allSatisfy(known.contains) else {
                return "must be a list of kinds from \(known.map { "\"\($0)\"" }.joined(separator: ", ")), such as [\"public\", \"folk\", \"national\"], got \(value.shownForError)"
            }
            config[keyPath: field] = kinds
            return nil
        }, render: { config in
            config[keyPath: field].map { "[" + $0.map { "\"\($0)\"" }.joined(separator: ", ") + "]" } ?? "\"\""
        })
    }

    static func leadDays(_ key: String, _ field: WritableKeyPath<Root, [Int]> & Sendable) -> SectionKey {
        SectionKey(name: key, secret: false, apply: { config, value in
            let problem = "must be a list of whole days from 0 to 365 such as [7, 1, 0], got \(value.shownForError)"
            if case .other("an empty array") = value {
                config[keyPath: field] = []
                return nil
            }
            guard case .integers(let days) = value, days.allSatisfy({ (0...365).contains($0) }) else { return problem }
            config[keyPath: field] = days
            return nil
        }, render: { "[" + $0[keyPath: field].map(String.init).joined(separator: ", ") + "]" })
    }

    /// A local time of day, "09:00".
    static func clockTime(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(name: key, secret: false, apply: { config, value in
            guard let text = value.stringValue, (try? QuietHours.ClockTime(parsing: text)) != nil else {
                return "must be a local time such as \"09:00\", got \(value.shownForError)"
            }
            config[keyPath: field] = text
            return nil
        }, render: { $0[keyPath: field].tomlQuoted })
    }

    static func weekday(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable) -> SectionKey {
        SectionKey(name: key, secret: false, apply: { config, value in
            guard let text = value.stringValue, ["monday", "sunday", "saturday"].contains(text) else {
                return "must be one of \"monday\", \"sunday\", \"saturday\", got \(value.shownForError)"
            }
            config[keyPath: field] = text
            return nil
        }, render: { $0[keyPath: field].tomlQuoted })
    }

    /// A duration, or "" for none.
    static func optionalDuration(_ key: String, _ field: WritableKeyPath<Root, Duration?> & Sendable) -> SectionKey {
        SectionKey(name: key, secret: false, apply: { config, value in
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
    static func template(_ key: String, _ field: WritableKeyPath<Root, String> & Sendable, fields: [String]) -> SectionKey {
        SectionKey(name: key, secret: false, apply: { config, value in
            guard let text = value.stringValue else { return "must be a string, got \(value.shownForError)" }
            if let unknown = MessageTemplate(text).fields.first(where: { !fields.contains($0) }) {
                return "uses {\(unknown)}, which is not one of " + fields.map { "{\($0)}" }.joined(separator: " ")
            }
            config[keyPath: field] = text
            return nil
        }, render: { $0[keyPath: field].tomlQuoted })
    }

    /// Price levels such as "BTC > 100000".
    static func priceLevels(_ key: String, _ field: WritableKeyPath<Root, [String]> & Sendable) -> SectionKey {
        SectionKey(name: key, secret: false, apply: { config, value in
            if case .other("an empty array") = value {
                config[keyPath: field] = []
                return nil
            }
            guard case .strings(let levels) = value else {
                return "must be a list of levels such as [\"BTC > 100000\", \"ETH < 1800\"], got \(value.shownForError)"
            }
            if let bad = levels.first(where: { PriceCrossingRule.Level(parsing: $0) == nil }) {
                return "has \(bad.tomlQuoted), which is not \"SYMBOL > PRICE\" or \"SYMBOL < PRICE\""
            }
            config[keyPath: field] = levels
            return nil
        }, render: { "[" + $0[keyPath: field].map(\.tomlQuoted).joined(separator: ", ") + "]" })
    }

    /// Places by name, or as `{ name, latitude, longitude }`: ["Tallinn", { name = "Tartu", … }].
    static func places(_ key: String, _ field: WritableKeyPath<Root, [ForecastPlace]> & Sendable) -> SectionKey {
        SectionKey(name: key, secret: false, apply: { config, value in
            let problem = "must be a list of place names or { name = \"…\", latitude = …, longitude = … } tables, got \(value.shownForError)"
            let items: [ConfigValue]
            switch value {
            case .strings(let names): items = names.map(ConfigValue.string)
            case .list(let values): items = values
            default: return problem
            }
            var places: [ForecastPlace] = []
            for item in items {
                switch item {
                case .string(let name):
                    guard !ForecastPlace.slug(name).isEmpty else { return "has \(name.tomlQuoted), which has no letters or digits to name it by" }
                    places.append(ForecastPlace(name: name))
                case .table(let fields):
                    guard Set(fields.keys).isSubset(of: ["name", "latitude", "longitude"]), let name = fields["name"]?.stringValue,
                          !ForecastPlace.slug(name).isEmpty
                    else { return "has a table without a usable name; tables take name, latitude and longitude" }
                    let latitude = fields["latitude"]?.numberValue, longitude = fields["longitude"]?.numberValue
                    guard (latitude == nil) == (longitude == nil) else { return "has \(name.tomlQuoted) with only one of latitude and longitude" }
                    if let latitude, let longitude {
                        guard abs(latitude) <= 90, abs(longitude) <= 180 else {
                            return "has \(name.tomlQuoted) at \(latitude.shortText), \(longitude.shortText): latitude is −90…90, longitude −180…180"
                        }
                    }
                    places.append(ForecastPlace(name: name, latitude: latitude, longitude: longitude))
                default:
                    return problem
                }
            }
            let slugs = places.map { $0.slug.lowercased() }
            if let twice = slugs.first(where: { slug in slugs.filter { $0 == slug }.count > 1 }) {
                return "names \(twice.tomlQuoted) twice"
            }
            config[keyPath: field] = places
            return nil
        }, render: { config in
            "[" + config[keyPath: field].map { place in
                guard let latitude = place.latitude, let longitude = place.longitude else { return place.name.tomlQuoted }
                return "{ name = \(place.name.tomlQuoted), latitude = \(latitude.shortText), longitude = \(longitude.shortText) }"
            }.joined(separator: ", ") + "]"
        })
    }

    /// "22:00-08:00", or "" for none.
    static func quietHours(_ key: String, _ field: WritableKeyPath<Root, QuietHours?> & Sendable) -> SectionKey {
        SectionKey(name: key, secret: false, apply: { config, value in
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
        }, render: { config in
            config[keyPath: field].map { "\($0.start)-\($0.end)".tomlQuoted } ?? "\"\""
        })
    }

    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ field: WritableKeyPath<Root, Choice> & Sendable
    ) -> SectionKey where Choice.RawValue == String {
        SectionKey(name: key, secret: false, apply: { config, value in
            let choices = Choice.allCases.map { $0.rawValue.tomlQuoted }.joined(separator: ", ")
            guard let string = value.stringValue, let choice = Choice(rawValue: string) else {
                return "must be one of \(choices), got \(value.shownForError)"
            }
            config[keyPath: field] = choice
            return nil
        }, render: { $0[keyPath: field].rawValue.tomlQuoted })
    }
}
