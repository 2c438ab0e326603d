import Feeds
import Foundation
import Rules

enum HolidaysSource: String, Sendable, CaseIterable { case embedded, remote }
enum ForecastSource: String, Sendable, CaseIterable { case openMeteo = "open-meteo", openWeatherMap = "openweathermap" }

/// The configuration in effect: one section per table of the file, each owned by what it
/// configures (`Config/<Feed>/`): its keys, their defaults, its checks, its rule and its block
/// of the documented default file (`config/notifier.toml`, which is `config default`).
struct Config: Sendable, Equatable {
    var countries = CountriesSettings()
    var crypto = CryptoSettings()
    var holidays = HolidaysSettings()
    var forecast = ForecastSettings()
    var launchCountry = LaunchCountrySettings()
    var holidayUpcoming = HolidayUpcomingSettings()
    var views = ViewSettings()
    var cryptoChange = CryptoChangeSettings()
    var cryptoMove = CryptoMoveSettings()
    var cryptoCross = CryptoCrossSettings()
    var forecastTemperature = ForecastTemperatureSettings()
    var forecastPrecipitation = ForecastPrecipitationSettings()
    var forecastSevere = ForecastSevereSettings()
    var forecastWind = ForecastWindSettings()
    var delivery = DeliverySettings()
    var history = HistorySettings()
    var calendars = CalendarSettings()
    var reminders: [ReminderSettings] = ReminderSettings.defaults
    var watches: [WatchSettings] = WatchSettings.defaults

    /// Every table, in the order `config check` and `config default` print them; the one list
    /// a new section joins.
    static let sections: [ConfigSectionEntry] = [
        ConfigSectionEntry(\.countries),
        ConfigSectionEntry(\.crypto),
        ConfigSectionEntry(\.holidays),
        ConfigSectionEntry(\.forecast),
        ConfigSectionEntry(\.launchCountry),
        ConfigSectionEntry(\.holidayUpcoming),
        ConfigSectionEntry(\.views),
        ConfigSectionEntry(\.cryptoChange),
        ConfigSectionEntry(\.cryptoMove),
        ConfigSectionEntry(\.cryptoCross),
        ConfigSectionEntry(\.forecastTemperature),
        ConfigSectionEntry(\.forecastPrecipitation),
        ConfigSectionEntry(\.forecastSevere),
        ConfigSectionEntry(\.forecastWind),
        ConfigSectionEntry(\.delivery),
        ConfigSectionEntry(\.history),
        ConfigSectionEntry(\.calendars),
    ]

    /// Every repeated table (`[[…]]`), after the sections in `config check` and `config default`.
    static let entryLists: [ConfigEntryList] = [
        ConfigEntryList(\.reminders),
        ConfigEntryList(\.watches),
    ]

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
