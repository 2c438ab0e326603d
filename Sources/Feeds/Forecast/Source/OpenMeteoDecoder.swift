import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Decoders for Open-Meteo's `/v1/forecast` and geocoding `/v1/search`. The forecast comes as
/// parallel arrays keyed by variable name; names changed over the API's life (`weathercode` →
/// `weather_code`, `windgusts_10m` → `wind_gusts_10m`, `current_weather` → `current`), so each
/// figure is looked up under both. Daily figures come from `daily` where sent, else from the
/// hourly ones of that local day.
public enum OpenMeteoDecoder {
    public enum DecodeError: Error, Equatable, CustomStringConvertible {
        case notJSON(String)
        /// Open-Meteo's own `{"error": true, "reason": …}`.
        case service(String)
        case noDays

        public var description: String {
            switch self {
            case .notJSON(let detail): return "not the expected JSON (\(detail))"
            case .service(let reason): return "the service answered: \(String(reason.prefix(200)))"
            case .noDays: return "no forecast days in the response"
            }
        }
    }

    private struct Envelope: Decodable {
        var latitude: Double?
        var longitude: Double?
        var timezone: String?
        var error: Bool?
        var reason: String?
        var hourly: Columns?
        var daily: Columns?
        var current: [String: ForecastJSON.Scalar]?
        var current_weather: [String: ForecastJSON.Scalar]?
    }

    public static func decodeForecast(_ data: Data, place: String) throws(DecodeError) -> Forecast {
        let envelope = try ForecastJSON.decode(Envelope.self, from: data, or: DecodeError.notJSON)
        if envelope.error == true { throw .service(envelope.reason ?? "an unnamed error") }
        var days: [CivilDate: ForecastDay] = [:]
        var temperatures: [Double] = []
        if let hourly = envelope.hourly {
            temperatures = aggregateHourly(hourly, into: &days)
        }
        if let daily = envelope.daily { mergeDaily(daily, into: &days) }
        guard !days.isEmpty else { throw .noDays }
        return Forecast(
            place: place, latitude: envelope.latitude, longitude: envelope.longitude,
            timeZone: envelope.timezone, source: "open-meteo",
            current: current(envelope.current, legacy: envelope.current_weather),
            days: days.values.sorted { $0.date < $1.date }, temperatures: temperatures)
    }

    /// One block of parallel arrays: its times, and only the number columns a rule or view
    /// uses (the answer may carry many more; decoding those was most of the time).
    private struct Columns: Decodable {
        var times: [String?]?
        var numbers: [String: [Double?]] = [:]

        static let used: Set<String> = [
            "temperature_2m", "precipitation_probability", "precipitation", "weather_code", "weathercode",
            "wind_gusts_10m", "windgusts_10m", "temperature_2m_max", "temperature_2m_min", "precipitation_probability_max",
            "precipitation_sum", "wind_gusts_10m_max", "windgusts_10m_max",
        ]

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            times = try container.decodeIfPresent([String?].self, forKey: Key(stringValue: "time"))
            for key in container.allKeys where Self.used.contains(key.stringValue) {
                numbers[key.stringValue] = try container.decode([Double?].self, forKey: key)
            }
        }
    }

    private static func column(_ table: Columns, _ names: String...) -> [Double?] {
        for name in names { if let values = table.numbers[name] { return values } }
        return []
    }

    private static func value(_ values: [Double?], _ index: Int) -> Double? {
        index < values.count ? values[index] : nil
    }

    /// The local day of each hour ("2025-10-25T13:00": times are local with `timezone=auto`).
    private static func aggregateHourly(_ hourly: Columns, into days: inout [CivilDate: ForecastDay]) -> [Double] {
        guard let times = hourly.times else { return [] }
        let temperature = column(hourly, "temperature_2m")
        let chance = column(hourly, "precipitation_probability")
        let amount = column(hourly, "precipitation")
        let code = column(hourly, "weather_code", "weathercode")
        let gusts = column(hourly, "wind_gusts_10m", "windgusts_10m")
        var chart: [Double] = []
        for (index, time) in times.enumerated() {
            guard let time, let date = CivilDate(string: String(time.prefix(10))) else { continue }
            var day = days[date] ?? ForecastDay(date: date)
            if let t = ForecastJSON.plausible(value(temperature, index), ForecastJSON.temperatures) {
                day.minTemperature = min(day.minTemperature ?? t, t)
                day.maxTemperature = max(day.maxTemperature ?? t, t)
                chart.append(t)
            }
            if let p = ForecastJSON.plausible(value(chance, index), ForecastJSON.percentages) {
                day.precipitationProbability = max(day.precipitationProbability ?? p, p)
            }
            if let mm = ForecastJSON.plausible(value(amount, index), ForecastJSON.precipitation) {
                day.precipitationSum = (day.precipitationSum ?? 0) + mm
            }
            if let condition = value(code, index).flatMap({ WeatherCondition(wmoCode: Int(exactly: $0) ?? -1) }) {
                day.condition = max(day.condition ?? condition, condition)
            }
            if let g = ForecastJSON.plausible(value(gusts, index), ForecastJSON.speeds) {
                day.maxGusts = max(day.maxGusts ?? g, g)
            }
            days[date] = day
        }
        return chart
    }

    /// Daily figures, where sent, replace those summed up from the hours.
    private static func mergeDaily(_ daily: Columns, into days: inout [CivilDate: ForecastDay]) {
        guard let times = daily.times else { return }
        let maxima = column(daily, "temperature_2m_max")
        let minima = column(daily, "temperature_2m_min")
        let chance = column(daily, "precipitation_probability_max")
        let amount = column(daily, "precipitation_sum")
        let code = column(daily, "weather_code", "weathercode")
        let gusts = column(daily, "wind_gusts_10m_max", "windgusts_10m_max")
        for (index, time) in times.enumerated() {
            guard let time, let date = CivilDate(string: time) else { continue }
            var day = days[date] ?? ForecastDay(date: date)
            day.maxTemperature = dailyFigure(value(maxima, index), ForecastJSON.temperatures, else: day.maxTemperature)
            day.minTemperature = dailyFigure(value(minima, index), ForecastJSON.temperatures, else: day.minTemperature)
            day.precipitationProbability = dailyFigure(value(chance, index), ForecastJSON.percentages, else: day.precipitationProbability)
            day.precipitationSum = dailyFigure(value(amount, index), ForecastJSON.precipitation, else: day.precipitationSum)
            day.condition = value(code, index).flatMap { WeatherCondition(wmoCode: Int(exactly: $0) ?? -1) } ?? day.condition
            day.maxGusts = dailyFigure(value(gusts, index), ForecastJSON.speeds, else: day.maxGusts)
            days[date] = day
        }
    }

    /// A daily figure where sent; the one summed up from the hours where not. A daily figure
    /// sent but impossible is unknown, never replaced by the hours' figure: an answer that
    /// contradicts itself is not believed, and the hours' maximum differs from the service's
    /// daily one enough to read as a change ("rain likely" for seven days).
    private static func dailyFigure(_ sent: Double?, _ range: ClosedRange<Double>, else hourly: Double?) -> Double? {
        guard let sent else { return hourly }
        return ForecastJSON.plausible(sent, range)
    }

    private static func current(_ current: [String: ForecastJSON.Scalar]?, legacy: [String: ForecastJSON.Scalar]?) -> CurrentConditions? {
        if let current {
            return CurrentConditions(
                time: current["time"]?.string,
                temperature: ForecastJSON.plausible(current["temperature_2m"]?.number, ForecastJSON.temperatures),
                condition: (current["weather_code"] ?? current["weathercode"])?.number.flatMap { WeatherCondition(wmoCode: Int(exactly: $0) ?? -1) },
                windSpeed: ForecastJSON.plausible(current["wind_speed_10m"]?.number, ForecastJSON.speeds),
                gusts: ForecastJSON.plausible(current["wind_gusts_10m"]?.number, ForecastJSON.speeds))
        }
        if let legacy {
            return CurrentConditions(
                time: legacy["time"]?.string,
                temperature: ForecastJSON.plausible(legacy["temperature"]?.number, ForecastJSON.temperatures),
                condition: legacy["weathercode"]?.number.flatMap { WeatherCondition(wmoCode: Int(exactly: $0) ?? -1) },
                windSpeed: ForecastJSON.plausible(legacy["windspeed"]?.number, ForecastJSON.speeds))
        }
        return nil
    }

    /// One match of the geocoding API.
    public struct Match: Codable, Sendable, Equatable {
        public var name: String
        public var latitude: Double
        public var longitude: Double
        public var country: String?
        public var admin1: String?
        public var timezone: String?

        public init(name: String, latitude: Double, longitude: Double, country: String? = nil, admin1: String? = nil, timezone: String? = nil) {
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            self.country = country
            self.admin1 = admin1
            self.timezone = timezone
        }

        /// "Tallinn, Harjumaa, Estonia": which of the places of that name was meant.
        public var label: String {
            [name, admin1, country].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        }
    }

    /// `/v1/search?name=…`: the matches, best first; none when the `results` key is absent.
    public static func decodeSearch(_ data: Data) throws(DecodeError) -> [Match] {
        struct Envelope: Decodable {
            var results: [Match]?
            var error: Bool?
            var reason: String?
        }
        let envelope = try ForecastJSON.decode(Envelope.self, from: data, or: DecodeError.notJSON)
        if envelope.error == true { throw .service(envelope.reason ?? "an unnamed error") }
        return (envelope.results ?? []).filter { $0.latitude.isFinite && $0.longitude.isFinite && abs($0.latitude) <= 90 && abs($0.longitude) <= 180 }
    }
}
