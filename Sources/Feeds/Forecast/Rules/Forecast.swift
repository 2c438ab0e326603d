import Foundation
import NotifierEngine

/// A place whose forecast is watched: a name to geocode, or a name with coordinates.
public struct ForecastPlace: Codable, Sendable, Equatable {
    public var name: String
    public var latitude: Double?
    public var longitude: Double?

    public init(name: String, latitude: Double? = nil, longitude: Double? = nil) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The name as an ASCII deep-link subject: "São Paulo" → "Sao-Paulo". Views match places by
    /// slug, ignoring case, so a link never needs more than ASCII letters, digits and "-".
    public var slug: String { Self.slug(name) }

    public static func slug(_ name: String) -> String {
        let folded = name.folding(options: .diacriticInsensitive, locale: Locale(identifier: "en_US_POSIX"))
        var slug = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, slug.last != "-" {
                slug += "-"
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return slug
    }
}

/// A weather condition as notifications and views speak of it, from either source's codes.
/// Ordered by severity, so a day's condition is the worst of its hours.
public enum WeatherCondition: Int, Codable, Sendable, Comparable, CaseIterable {
    case clear, partlyCloudy, cloudy, fog, drizzle, showers, rain, snow, freezingRain, thunderstorm

    /// WMO weather interpretation codes, as Open-Meteo sends them.
    public init?(wmoCode code: Int) {
        switch code {
        case 0: self = .clear
        case 1, 2: self = .partlyCloudy
        case 3: self = .cloudy
        case 45, 48: self = .fog
        case 51, 53, 55: self = .drizzle
        case 56, 57, 66, 67: self = .freezingRain
        case 61, 63, 65: self = .rain
        case 71, 73, 75, 77, 85, 86: self = .snow
        case 80, 81, 82: self = .showers
        case 95, 96, 99: self = .thunderstorm
        default: return nil
        }
    }

    /// OpenWeatherMap's condition ids (`weather[0].id`).
    public init?(openWeatherMapID id: Int) {
        switch id {
        case 200..<300: self = .thunderstorm
        case 300..<400: self = .drizzle
        case 511: self = .freezingRain
        case 500..<520: self = .rain
        case 520..<600: self = .showers
        case 611...613: self = .freezingRain
        case 600..<700: self = .snow
        case 700..<800: self = .fog
        case 800: self = .clear
        case 801, 802: self = .partlyCloudy
        case 803, 804: self = .cloudy
        default: return nil
        }
    }

    /// Thunderstorm, snow and freezing rain: what is worth a notification by itself.
    public var isSevere: Bool { self >= .snow }

    public var word: String {
        switch self {
        case .clear: return "clear"
        case .partlyCloudy: return "partly cloudy"
        case .cloudy: return "cloudy"
        case .fog: return "fog"
        case .drizzle: return "drizzle"
        case .showers: return "showers"
        case .rain: return "rain"
        case .snow: return "snow"
        case .freezingRain: return "freezing rain"
        case .thunderstorm: return "thunderstorm"
        }
    }

    /// One narrow character, readable where emoji are not.
    public var symbol: String {
        switch self {
        case .clear: return "☀"
        case .partlyCloudy: return "◐"
        case .cloudy: return "☁"
        case .fog: return "≡"
        case .drizzle: return "∴"
        case .showers, .rain: return "☂"
        case .snow: return "❄"
        case .freezingRain: return "⁂"
        case .thunderstorm: return "ϟ"
        }
    }

    /// A freedesktop icon name.
    public var iconName: String {
        switch self {
        case .clear: return "weather-clear"
        case .partlyCloudy: return "weather-few-clouds"
        case .cloudy: return "weather-overcast"
        case .fog: return "weather-fog"
        case .drizzle: return "weather-showers-scattered"
        case .showers, .rain: return "weather-showers"
        case .snow: return "weather-snow"
        case .freezingRain: return "weather-severe-alert"
        case .thunderstorm: return "weather-storm"
        }
    }

    public static func < (lhs: WeatherCondition, rhs: WeatherCondition) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One local day of a forecast. Every figure may be missing: sources and their versions differ.
public struct ForecastDay: Codable, Sendable, Equatable {
    public var date: CivilDate
    /// °C
    public var minTemperature: Double?
    public var maxTemperature: Double?
    /// The day's highest chance of precipitation, 0–100 %.
    public var precipitationProbability: Double?
    /// mm over the day.
    public var precipitationSum: Double?
    /// The day's worst condition.
    public var condition: WeatherCondition?
    /// The day's strongest gusts, km/h.
    public var maxGusts: Double?

    public init(
        date: CivilDate, minTemperature: Double? = nil, maxTemperature: Double? = nil,
        precipitationProbability: Double? = nil, precipitationSum: Double? = nil,
        condition: WeatherCondition? = nil, maxGusts: Double? = nil
    ) {
        self.date = date
        self.minTemperature = minTemperature
        self.maxTemperature = maxTemperature
        self.precipitationProbability = precipitationProbability
        self.precipitationSum = precipitationSum
        self.condition = condition
        self.maxGusts = maxGusts
    }
}

public struct CurrentConditions: Codable, Sendable, Equatable {
    /// Local time at the place, as the source wrote it ("2025-10-25T11:30").
    public var time: String?
    public var temperature: Double?
    public var condition: WeatherCondition?
    public var windSpeed: Double?
    public var gusts: Double?

    public init(
        time: String? = nil, temperature: Double? = nil, condition: WeatherCondition? = nil,
        windSpeed: Double? = nil, gusts: Double? = nil
    ) {
        self.time = time
        self.temperature = temperature
        self.condition = condition
        self.windSpeed = windSpeed
        self.gusts = gusts
    }
}

/// One fetched forecast for one place: what the rules compare and the view shows.
public struct Forecast: Codable, Sendable, Equatable {
    public var place: String
    public var latitude: Double?
    public var longitude: Double?
    /// The place's time zone identifier where the source gave one.
    public var timeZone: String?
    /// "open-meteo" or "openweathermap".
    public var source: String
    public var current: CurrentConditions?
    public var days: [ForecastDay]
    /// Hourly (or 3-hourly) temperatures in order, for the view's chart.
    public var temperatures: [Double]

    public init(
        place: String, latitude: Double?, longitude: Double?, timeZone: String? = nil, source: String,
        current: CurrentConditions? = nil, days: [ForecastDay], temperatures: [Double] = []
    ) {
        self.place = place
        self.latitude = latitude
        self.longitude = longitude
        self.timeZone = timeZone
        self.source = source
        self.current = current
        self.days = days
        self.temperatures = temperatures
    }

    public func day(_ date: CivilDate) -> ForecastDay? {
        days.first { $0.date == date }
    }
}
