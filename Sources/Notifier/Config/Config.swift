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
    /// `rules.holiday_upcoming.kinds`: when set, the kinds reminded of, over `public`/`folk`.
    var holidayKinds: [String]? = nil
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
    /// Flapping: on by default for the change rules, whose values do swing back and forth; off
    /// for price levels, which the user chose and which stay told as before unless asked.
    var cryptoChangeFlap: FlapPolicy? = FlapPolicy()
    var cryptoMoveFlap: FlapPolicy? = FlapPolicy()
    var cryptoCrossFlap: FlapPolicy?
    /// `nil` for none; else notifications are held during these local hours.
    var quietHours: QuietHours?
    var rateLimitPerMinute = 10
    var groupWindow = Duration.zero
    /// The terminal a click opens a detail view in, as an argv prefix; empty to look for one.
    var terminal: [String] = []
    /// Fetch pictures such as flags (once each, then cached).
    var images = true
    /// Days the decision notes (`notifier why`) are kept.
    var historyDays = 30
    /// A later alert about a subject updates its bubble instead of stacking another.
    var updateInPlace = true

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
