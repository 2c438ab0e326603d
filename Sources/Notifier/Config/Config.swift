import Feeds
import Foundation
import Rules

struct FeedSettings: Sendable, Equatable {
    var enabled: Bool
    var baseURL: String
    var interval: Duration
    var apiKey: String = ""
}

enum HolidaysSource: String, Sendable, CaseIterable { case embedded, remote }
enum ForecastSource: String, Sendable, CaseIterable { case openMeteo = "open-meteo", openWeatherMap = "openweathermap" }

/// The configuration in effect. Its defaults are those of `config/notifier.toml`; a test keeps
/// the two equal.
struct Config: Sendable, Equatable {
    var countries = FeedSettings(enabled: true, baseURL: "https://api.restcountries.com/countries/v5", interval: .seconds(7 * 86400))
    var countriesSource = CountriesSource.embedded
    var crypto = FeedSettings(enabled: true, baseURL: "https://api.coinlore.net/api", interval: .seconds(30))
    var holidays = FeedSettings(enabled: true, baseURL: "", interval: .seconds(6 * 3600))
    var holidaysSource = HolidaysSource.embedded
    var forecast = FeedSettings(enabled: true, baseURL: "https://api.open-meteo.com/v1", interval: .seconds(30 * 60))
    var forecastSource = ForecastSource.openMeteo
    var forecastDegradedAfter = 5
    var forecastGeocodingURL = "https://geocoding-api.open-meteo.com/v1"
    var forecastPlaces = [ForecastPlace(name: "Tallinn")]
    var forecastTemperatureEnabled = true
    var forecastTemperatureShift = 4.0
    var forecastTemperatureUrgency = Urgency.low
    var forecastPrecipitationEnabled = true
    var forecastPrecipitationLow = 30.0
    var forecastPrecipitationHigh = 60.0
    var forecastPrecipitationUrgency = Urgency.normal
    var forecastSevereEnabled = true
    var forecastSevereUrgency = Urgency.normal
    var forecastWindEnabled = true
    var forecastWindGusts = 60.0
    var forecastWindRearm = 50.0
    var forecastWindUrgency = Urgency.normal
    var launchCountryEnabled = true
    var launchCountryDelaySeconds = 3
    var cryptoDegradedAfter = 5
    var holidaysCacheTTL = Duration.seconds(7 * 86400)
    var holidayRuleEnabled = true
    var holidayLeadDays = [7, 1, 0]
    var holidayTime = "09:00"
    var holidayPublic = true
    var holidayFolk = true
    var weekFirstDay = "monday"
    var cryptoChangeRepeat: Duration?
    var cryptoChangeTitleTemplate = ""
    var cryptoSymbols = ["BTC", "ETH"]
    var cryptoTop = 20
    var cryptoChangeEnabled = true
    var cryptoChangeWindow = CryptoChangeRule.Window.day
    var cryptoChangeThreshold = 5.0
    var cryptoChangeRearm = 4.0
    var cryptoChangeFor = Duration.zero
    var cryptoChangeCooldown = Duration.seconds(3600)
    var cryptoChangeNotifyResolved = false
    var cryptoChangeUrgency = Urgency.normal
    var cryptoChangeOverrides: [String: CryptoChangeRule.Levels] = [:]
    var cryptoMoveEnabled = true
    var cryptoMovePercent = 3.0
    var cryptoMoveRearm = 2.0
    var cryptoMoveWindow = Duration.seconds(15 * 60)
    var cryptoMoveCooldown = Duration.seconds(30 * 60)
    var cryptoMoveUrgency = Urgency.normal
    var cryptoMoveOverrides: [String: CryptoChangeRule.Levels] = [:]
    var cryptoMoveRepeat: Duration?
    var cryptoMoveNotifyResolved = false
    var cryptoCrossEnabled = true
    var cryptoCrossLevels: [String] = []
    var cryptoCrossRearm = 0.5
    var cryptoCrossUrgency = Urgency.normal
    /// `nil` for none; else notifications are held during these local hours.
    var quietHours: QuietHours?
    var rateLimitPerMinute = 10
    var groupWindow = Duration.zero
    /// The terminal a click opens a detail view in, as an argv prefix; empty to look for one.
    var terminal: [String] = []
    /// Fetch pictures such as flags (once each, then cached).
    var images = true

    /// Environment variables that override a key, and the key they override.
    static let environmentKeys: [(variable: String, key: WritableKeyPath<Config, String> & Sendable)] = [
        ("NOTIFIER_RESTCOUNTRIES_KEY", \.countries.apiKey),
        ("NOTIFIER_HOLIDAYS_KEY", \.holidays.apiKey),
        ("NOTIFIER_OWM_KEY", \.forecast.apiKey),
    ]
}

struct ConfigError: Error, CustomStringConvertible, Equatable {
    var file: String
    var line: Int?
    var message: String

    /// Keys and paths come from the user's file: never printed raw (see `VisibleText`).
    var description: String {
        let shown = VisibleText.escaped(message)
        if let line { return "\(VisibleText.escaped(file)):\(line): \(shown)" }
        return "\(VisibleText.escaped(file)): \(shown)"
    }
}

/// One config key: where it lives, how its TOML value is checked and applied, how it prints.
struct ConfigSetting: Sendable {
    let path: [String]
    let secret: Bool
    /// Applies the value, or returns what is wrong with it ("must be a boolean, got "yes"").
    let apply: @Sendable (inout Config, ConfigValue) -> String?
    let render: @Sendable (Config) -> String

    var key: String { path.joined(separator: ".") }
}

/// A TOML value as the settings see it, apart from the TOML library.
enum ConfigValue: Sendable, Equatable {
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case strings([String])
    case integers([Int])
    /// A table of coin symbols to tables of numbers, for per-symbol overrides.
    case symbolTable([String: [String: ConfigValue]])
    /// An inline table of plain values: `{ name = "Tartu", latitude = 58.38, longitude = 26.72 }`.
    case table([String: ConfigValue])
    /// An array of mixed or non-scalar values.
    case list([ConfigValue])
    /// Any other TOML type, described for the error message ("an array").
    case other(String)

    var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    var intValue: Int? { if case .integer(let value) = self { value } else { nil } }
    var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    /// TOML writes 5 and 5.0 differently; a percentage may be either.
    var numberValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .double(let value): return value.isFinite ? value : nil
        default: return nil
        }
    }

    var shownForError: String {
        switch self {
        case .bool(let value): return "\(value)"
        case .integer(let value): return "\(value)"
        case .double(let value): return "\(value)"
        case .string(let value): return value.tomlQuoted
        case .strings(let values): return "[" + values.map(\.tomlQuoted).joined(separator: ", ") + "]"
        case .integers(let values): return "[" + values.map(String.init).joined(separator: ", ") + "]"
        case .symbolTable, .table: return "a table"
        case .list: return "an array"
        case .other(let description): return description
        }
    }
}

extension ConfigSetting {
    static func bool(_ key: String, _ field: WritableKeyPath<Config, Bool> & Sendable) -> ConfigSetting {
        ConfigSetting(path: key.keyPath, secret: false, apply: { config, value in
            guard let bool = value.boolValue else { return "must be true or false, got \(value.shownForError)" }
            config[keyPath: field] = bool
            return nil
        }, render: { $0[keyPath: field] ? "true" : "false" })
    }

    static func integer(_ key: String, _ field: WritableKeyPath<Config, Int> & Sendable, in range: ClosedRange<Int>) -> ConfigSetting {
        ConfigSetting(path: key.keyPath, secret: false, apply: { config, value in
            guard let int = value.intValue else { return "must be a whole number, got \(value.shownForError)" }
            guard range.contains(int) else { return "must be between \(range.lowerBound) and \(range.upperBound), got \(int)" }
            config[keyPath: field] = int
            return nil
        }, render: { "\($0[keyPath: field])" })
    }

    static func string(_ key: String, _ field: WritableKeyPath<Config, String> & Sendable, secret: Bool = false) -> ConfigSetting {
        ConfigSetting(path: key.keyPath, secret: secret, apply: { config, value in
            guard let string = value.stringValue else { return "must be a string, got \(value.shownForError)" }
            config[keyPath: field] = string
            return nil
        }, render: { config in
            let text = config[keyPath: field]
            return secret && !text.isEmpty ? Redaction.mask(key: text).tomlQuoted : text.tomlQuoted
        })
    }

    /// An http(s) URL, or empty where the feed's source needs none.
    static func url(_ key: String, _ field: WritableKeyPath<Config, String> & Sendable) -> ConfigSetting {
        ConfigSetting(path: key.keyPath, secret: false, apply: { config, value in
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

    static func duration(_ key: String, _ field: WritableKeyPath<Config, Duration> & Sendable, atLeast minimum: Duration) -> ConfigSetting {
        ConfigSetting(path: key.keyPath, secret: false, apply: { config, value in
            guard let string = value.stringValue, let duration = Duration.parse(string) else {
                return "must be a duration such as \"30s\", \"15m\", \"6h\" or \"1d\", got \(value.shownForError)"
            }
            guard duration >= minimum else { return "must be at least \(minimum.configText), got \(string.tomlQuoted)" }
            config[keyPath: field] = duration
            return nil
        }, render: { $0[keyPath: field].configText.tomlQuoted })
    }

    static func number(_ key: String, _ field: WritableKeyPath<Config, Double> & Sendable, in range: ClosedRange<Double>) -> ConfigSetting {
        ConfigSetting(path: key.keyPath, secret: false, apply: { config, value in
            guard let number = value.numberValue else { return "must be a number, got \(value.shownForError)" }
            guard range.contains(number) else { return "must be between \(range.lowerBound.shortText) and \(range.upperBound.shortText), got \(number.shortText)" }
            config[keyPath: field] = number
            return nil
        }, render: { $0[keyPath: field].shortText })
    }

    /// Coin symbols: 1–12 ASCII letters or digits each.
    static func symbols(_ key: String, _ field: WritableKeyPath<Config, [String]> & Sendable) -> ConfigSetting {
        ConfigSetting(path: key.keyPath, secret: false, apply: { config, value in
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
    static func changeOverrides(_ key: String, _ field: WritableKeyPath<Config, [String: CryptoChangeRule.Levels]> & Sendable,
                                level: String = "threshold_percent") -> ConfigSetting {
        ConfigSetting(path: key.keyPath, secret: false, apply: { config, value in
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
    static func leadDays(_ key: String, _ field: WritableKeyPath<Config, [Int]> & Sendable) -> ConfigSetting {
        ConfigSetting(path: key.keyPath, secret: false, apply: { config, value in
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
    static func clockTime(_ key: String, _ field: WritableKeyPath<Config, String> & Sendable) -> ConfigSetting {
        ConfigSetting(path: key.keyPath, secret: false, apply: { config, value in
            guard let text = value.stringValue, (try? QuietHours.ClockTime(parsing: text)) != nil else {
                return "must be a local time such as \"09:00\", got \(value.shownForError)"
            }
            config[keyPath: field] = text
            return nil
        }, render: { $0[keyPath: field].tomlQuoted })
    }

    static func weekday(_ key: String, _ field: WritableKeyPath<Config, String> & Sendable) -> ConfigSetting {
        ConfigSetting(path: key.keyPath, secret: false, apply: { config, value in
            guard let text = value.stringValue, ["monday", "sunday", "saturday"].contains(text) else {
                return "must be one of \"monday\", \"sunday\", \"saturday\", got \(value.shownForError)"
            }
            config[keyPath: field] = text
            return nil
        }, render: { $0[keyPath: field].tomlQuoted })
    }

    /// A duration, or "" for none.
    static func optionalDuration(_ key: String, _ field: WritableKeyPath<Config, Duration?> & Sendable) -> ConfigSetting {
        ConfigSetting(path: key.keyPath, secret: false, apply: { config, value in
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
    static func template(_ key: String, _ field: WritableKeyPath<Config, String> & Sendable, fields: [String]) -> ConfigSetting {
        ConfigSetting(path: key.keyPath, secret: false, apply: { config, value in
            guard let text = value.stringValue else { return "must be a string, got \(value.shownForError)" }
            if let unknown = MessageTemplate(text).fields.first(where: { !fields.contains($0) }) {
                return "uses {\(unknown)}, which is not one of " + fields.map { "{\($0)}" }.joined(separator: " ")
            }
            config[keyPath: field] = text
            return nil
        }, render: { $0[keyPath: field].tomlQuoted })
    }

    /// Price levels such as "BTC > 100000".
    static func priceLevels(_ key: String, _ field: WritableKeyPath<Config, [String]> & Sendable) -> ConfigSetting {
        ConfigSetting(path: key.keyPath, secret: false, apply: { config, value in
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
    static func places(_ key: String, _ field: WritableKeyPath<Config, [ForecastPlace]> & Sendable) -> ConfigSetting {
        ConfigSetting(path: key.keyPath, secret: false, apply: { config, value in
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
    static func quietHours(_ key: String, _ field: WritableKeyPath<Config, QuietHours?> & Sendable) -> ConfigSetting {
        ConfigSetting(path: key.keyPath, secret: false, apply: { config, value in
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
        _ key: String, _ field: WritableKeyPath<Config, Choice> & Sendable
    ) -> ConfigSetting where Choice.RawValue == String {
        ConfigSetting(path: key.keyPath, secret: false, apply: { config, value in
            let choices = Choice.allCases.map { $0.rawValue.tomlQuoted }.joined(separator: ", ")
            guard let string = value.stringValue, let choice = Choice(rawValue: string) else {
                return "must be one of \(choices), got \(value.shownForError)"
            }
            config[keyPath: field] = choice
            return nil
        }, render: { $0[keyPath: field].rawValue.tomlQuoted })
    }
}

extension Config {
    /// Every key the config file may hold, in the order `config check` prints them; keys of one
    /// table stand together, since TOML allows each table header once.
    static let settings: [ConfigSetting] = [
        .bool("feeds.countries.enabled", \.countries.enabled),
        .choice("feeds.countries.source", \.countriesSource),
        .url("feeds.countries.base_url", \.countries.baseURL),
        .string("feeds.countries.api_key", \.countries.apiKey, secret: true),
        .duration("feeds.countries.interval", \.countries.interval, atLeast: .seconds(60)),
        .bool("feeds.crypto.enabled", \.crypto.enabled),
        .url("feeds.crypto.base_url", \.crypto.baseURL),
        .duration("feeds.crypto.interval", \.crypto.interval, atLeast: .seconds(10)),
        .symbols("feeds.crypto.symbols", \.cryptoSymbols),
        .integer("feeds.crypto.top", \.cryptoTop, in: 0...100),
        .integer("feeds.crypto.degraded_after", \.cryptoDegradedAfter, in: 1...1000),
        .bool("feeds.holidays.enabled", \.holidays.enabled),
        .choice("feeds.holidays.source", \.holidaysSource),
        .url("feeds.holidays.base_url", \.holidays.baseURL),
        .string("feeds.holidays.api_key", \.holidays.apiKey, secret: true),
        .duration("feeds.holidays.interval", \.holidays.interval, atLeast: .seconds(60)),
        .duration("feeds.holidays.cache_ttl", \.holidaysCacheTTL, atLeast: .zero),
        .bool("feeds.forecast.enabled", \.forecast.enabled),
        .choice("feeds.forecast.source", \.forecastSource),
        .url("feeds.forecast.base_url", \.forecast.baseURL),
        .string("feeds.forecast.api_key", \.forecast.apiKey, secret: true),
        .duration("feeds.forecast.interval", \.forecast.interval, atLeast: .seconds(60)),
        .url("feeds.forecast.geocoding_url", \.forecastGeocodingURL),
        .places("feeds.forecast.places", \.forecastPlaces),
        .integer("feeds.forecast.degraded_after", \.forecastDegradedAfter, in: 1...1000),
        .bool("rules.launch_country.enabled", \.launchCountryEnabled),
        .integer("rules.launch_country.delay_seconds", \.launchCountryDelaySeconds, in: 0...60),
        .bool("rules.holiday_upcoming.enabled", \.holidayRuleEnabled),
        .leadDays("rules.holiday_upcoming.lead_days", \.holidayLeadDays),
        .clockTime("rules.holiday_upcoming.time", \.holidayTime),
        .bool("rules.holiday_upcoming.public", \.holidayPublic),
        .bool("rules.holiday_upcoming.folk", \.holidayFolk),
        .weekday("views.week_first_day", \.weekFirstDay),
        .bool("rules.crypto_change.enabled", \.cryptoChangeEnabled),
        .choice("rules.crypto_change.window", \.cryptoChangeWindow),
        .number("rules.crypto_change.threshold_percent", \.cryptoChangeThreshold, in: 0.1...1000),
        .number("rules.crypto_change.rearm_percent", \.cryptoChangeRearm, in: 0...1000),
        .duration("rules.crypto_change.for", \.cryptoChangeFor, atLeast: .zero),
        .duration("rules.crypto_change.cooldown", \.cryptoChangeCooldown, atLeast: .zero),
        .bool("rules.crypto_change.notify_resolved", \.cryptoChangeNotifyResolved),
        .choice("rules.crypto_change.urgency", \.cryptoChangeUrgency),
        .optionalDuration("rules.crypto_change.repeat", \.cryptoChangeRepeat),
        .template("rules.crypto_change.title", \.cryptoChangeTitleTemplate, fields: CryptoChangeRule.templateFields),
        .changeOverrides("rules.crypto_change.overrides", \.cryptoChangeOverrides),
        .bool("rules.crypto_move.enabled", \.cryptoMoveEnabled),
        .number("rules.crypto_move.percent", \.cryptoMovePercent, in: 0.1...1000),
        .number("rules.crypto_move.rearm_percent", \.cryptoMoveRearm, in: 0...1000),
        .duration("rules.crypto_move.window", \.cryptoMoveWindow, atLeast: .seconds(60)),
        .duration("rules.crypto_move.cooldown", \.cryptoMoveCooldown, atLeast: .zero),
        .optionalDuration("rules.crypto_move.repeat", \.cryptoMoveRepeat),
        .bool("rules.crypto_move.notify_resolved", \.cryptoMoveNotifyResolved),
        .choice("rules.crypto_move.urgency", \.cryptoMoveUrgency),
        .changeOverrides("rules.crypto_move.overrides", \.cryptoMoveOverrides, level: "percent"),
        .bool("rules.crypto_cross.enabled", \.cryptoCrossEnabled),
        .priceLevels("rules.crypto_cross.levels", \.cryptoCrossLevels),
        .number("rules.crypto_cross.rearm_percent", \.cryptoCrossRearm, in: 0...50),
        .choice("rules.crypto_cross.urgency", \.cryptoCrossUrgency),
        .bool("rules.forecast_temperature.enabled", \.forecastTemperatureEnabled),
        .number("rules.forecast_temperature.shift", \.forecastTemperatureShift, in: 0.5...50),
        .choice("rules.forecast_temperature.urgency", \.forecastTemperatureUrgency),
        .bool("rules.forecast_precipitation.enabled", \.forecastPrecipitationEnabled),
        .number("rules.forecast_precipitation.low_percent", \.forecastPrecipitationLow, in: 1...100),
        .number("rules.forecast_precipitation.high_percent", \.forecastPrecipitationHigh, in: 1...100),
        .choice("rules.forecast_precipitation.urgency", \.forecastPrecipitationUrgency),
        .bool("rules.forecast_severe.enabled", \.forecastSevereEnabled),
        .choice("rules.forecast_severe.urgency", \.forecastSevereUrgency),
        .bool("rules.forecast_wind.enabled", \.forecastWindEnabled),
        .number("rules.forecast_wind.gusts_kmh", \.forecastWindGusts, in: 1...500),
        .number("rules.forecast_wind.rearm_kmh", \.forecastWindRearm, in: 0...500),
        .choice("rules.forecast_wind.urgency", \.forecastWindUrgency),
        .quietHours("delivery.quiet_hours", \.quietHours),
        .integer("delivery.rate_limit_per_minute", \.rateLimitPerMinute, in: 1...1000),
        .duration("delivery.group_window", \.groupWindow, atLeast: .zero),
        .command("delivery.terminal", \.terminal),
        .bool("delivery.images", \.images),
    ]

    static let settingsByKey = Dictionary(uniqueKeysWithValues: settings.map { ($0.key, $0) })
    /// Tables that may appear, with or without keys of their own.
    static let tables: Set<String> = Set(settings.flatMap { setting in
        (1..<setting.path.count).map { setting.path.prefix($0).joined(separator: ".") }
    })

    /// The effective config as TOML, keys masked.
    func renderedTOML() -> String {
        var text = ""
        var table = ""
        for setting in Self.settings {
            let owner = setting.path.dropLast().joined(separator: ".")
            if owner != table {
                text += (text.isEmpty ? "" : "\n") + "[\(owner)]\n"
                table = owner
            }
            text += "\(setting.path.last!) = \(setting.render(self))\n"
        }
        return text
    }
}

extension Config {
    /// Checks between keys; the key named is the one to fix.
    func crossCheck() -> (key: String, message: String)? {
        if cryptoChangeRearm >= cryptoChangeThreshold {
            return ("rules.crypto_change.rearm_percent",
                    "must be below threshold_percent (\(cryptoChangeThreshold.shortText)), got \(cryptoChangeRearm.shortText)")
        }
        if cryptoMoveRearm >= cryptoMovePercent {
            return ("rules.crypto_move.rearm_percent",
                    "must be below percent (\(cryptoMovePercent.shortText)), got \(cryptoMoveRearm.shortText)")
        }
        if forecastPrecipitationLow >= forecastPrecipitationHigh {
            return ("rules.forecast_precipitation.low_percent",
                    "must be below high_percent (\(forecastPrecipitationHigh.shortText)), got \(forecastPrecipitationLow.shortText)")
        }
        if forecastWindRearm >= forecastWindGusts {
            return ("rules.forecast_wind.rearm_kmh",
                    "must be below gusts_kmh (\(forecastWindGusts.shortText)), got \(forecastWindRearm.shortText)")
        }
        return nil
    }

    /// The enabled forecast rules, as the config sets them.
    var forecastRules: [any ForecastRule] {
        var rules: [any ForecastRule] = []
        if forecastTemperatureEnabled { rules.append(TemperatureShiftRule(shift: forecastTemperatureShift, urgency: forecastTemperatureUrgency)) }
        if forecastPrecipitationEnabled {
            rules.append(PrecipitationChangeRule(low: forecastPrecipitationLow, high: forecastPrecipitationHigh, urgency: forecastPrecipitationUrgency))
        }
        if forecastSevereEnabled { rules.append(SevereWeatherRule(urgency: forecastSevereUrgency)) }
        if forecastWindEnabled { rules.append(WindGustRule(threshold: forecastWindGusts, rearm: forecastWindRearm, urgency: forecastWindUrgency)) }
        return rules
    }

    /// The forecast source as the feed needs it. OpenWeatherMap with the Open-Meteo default
    /// base URL means its own public host.
    var forecastFeedSource: ForecastFeed.Source {
        switch forecastSource {
        case .openMeteo:
            return .openMeteo(baseURL: forecast.baseURL, geocodingURL: forecastGeocodingURL)
        case .openWeatherMap:
            let baseURL = forecast.baseURL == Config().forecast.baseURL ? "https://api.openweathermap.org" : forecast.baseURL
            return .openWeatherMap(baseURL: baseURL, apiKey: forecast.apiKey)
        }
    }

    var cryptoMoveRule: CryptoMoveRule {
        CryptoMoveRule(percent: cryptoMovePercent, rearmPercent: cryptoMoveRearm, window: cryptoMoveWindow,
                       policy: AlertPolicy(cooldown: cryptoMoveCooldown, repeatInterval: cryptoMoveRepeat,
                                           notifyWhenResolved: cryptoMoveNotifyResolved),
                       urgency: cryptoMoveUrgency,
                       overrides: cryptoMoveOverrides)
    }

    var upcomingHolidayRule: UpcomingHolidayRule {
        let time = try? QuietHours.ClockTime(parsing: holidayTime)
        return UpcomingHolidayRule(leadDays: holidayLeadDays, deliveryHour: time?.hour ?? 9, deliveryMinute: time?.minute ?? 0,
                                   includePublic: holidayPublic, includeFolk: holidayFolk)
    }

    var priceCrossingRule: PriceCrossingRule {
        PriceCrossingRule(levels: cryptoCrossLevels.compactMap(PriceCrossingRule.Level.init(parsing:)),
                          rearmPercent: cryptoCrossRearm, urgency: cryptoCrossUrgency)
    }

    /// Every coin a rule needs: the configured symbols and those of the price levels.
    var watchedSymbols: [String] {
        var symbols = cryptoSymbols
        for level in priceCrossingRule.levels where !symbols.contains(level.symbol) { symbols.append(level.symbol) }
        return symbols
    }

    var cryptoChangeRule: CryptoChangeRule {
        CryptoChangeRule(window: cryptoChangeWindow, thresholdPercent: cryptoChangeThreshold, rearmPercent: cryptoChangeRearm,
                         policy: AlertPolicy(forDuration: cryptoChangeFor, cooldown: cryptoChangeCooldown,
                                             repeatInterval: cryptoChangeRepeat, notifyWhenResolved: cryptoChangeNotifyResolved),
                         urgency: cryptoChangeUrgency, overrides: cryptoChangeOverrides,
                         titleTemplate: cryptoChangeTitleTemplate.isEmpty ? nil : MessageTemplate(cryptoChangeTitleTemplate))
    }
}

extension Double {
    /// 5, 4.5: what a user would write.
    var shortText: String {
        rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : "\(self)"
    }
}

extension String {
    fileprivate var keyPath: [String] { split(separator: ".").map(String.init) }

    var tomlQuoted: String {
        var quoted = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    quoted += String(format: "\\u%04X", scalar.value)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
