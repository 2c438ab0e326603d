import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// OpenWeatherMap's 5-day / 3-hour `/data/2.5/forecast`, asked in its standard units (kelvin,
/// m/s) so the same decoding holds whatever the account's defaults; slots are grouped into the
/// place's local days by the city's UTC offset. Older answers lack `pop` and `wind.gust`.
public enum OpenWeatherMapDecoder {
    public enum DecodeError: Error, Equatable, CustomStringConvertible {
        case notJSON(String)
        /// The API's own error: `cod` (a number in some answers, a string in others) and `message`.
        case service(code: Int?, message: String)
        case noDays

        public var description: String {
            switch self {
            case .notJSON(let detail): return "not the expected JSON (\(detail))"
            case .service(let code, let message): return "the service answered \(code.map(String.init) ?? "an error"): \(String(message.prefix(200)))"
            case .noDays: return "no forecast slots in the response"
            }
        }
    }

    private struct Envelope: Decodable {
        struct Slot: Decodable {
            struct Main: Decodable {
                var temp: Double?
                var temp_min: Double?
                var temp_max: Double?
            }
            struct Weather: Decodable { var id: Int? }
            struct Wind: Decodable {
                var speed: Double?
                var gust: Double?
            }
            struct Volume: Decodable {
                var threeHours: Double?
                enum CodingKeys: String, CodingKey { case threeHours = "3h" }
            }
            var dt: Double
            var main: Main?
            var weather: [Weather]?
            var wind: Wind?
            var pop: Double?
            var rain: Volume?
            var snow: Volume?
        }
        struct City: Decodable {
            struct Coordinates: Decodable {
                var lat: Double?
                var lon: Double?
            }
            var name: String?
            var coord: Coordinates?
            var timezone: Int?
        }
        var cod: ForecastJSON.Scalar?
        var message: ForecastJSON.Scalar?
        var list: [Slot]?
        var city: City?
    }

    public static func decodeForecast(_ data: Data, place: String) throws(DecodeError) -> Forecast {
        let envelope = try ForecastJSON.decode(Envelope.self, from: data, or: DecodeError.notJSON)
        if let code = envelope.cod?.number, code != 200 {
            throw .service(code: Int(exactly: code), message: envelope.message?.string ?? "no message")
        }
        guard let slots = envelope.list, !slots.isEmpty else { throw .noDays }
        let offset = Double(envelope.city?.timezone ?? 0)
        let utc = TimeZone(identifier: "UTC")!
        var days: [CivilDate: ForecastDay] = [:]
        var chart: [Double] = []
        for slot in slots.sorted(by: { $0.dt < $1.dt }) {
            guard slot.dt.isFinite else { continue }
            let date = CivilDate(Date(timeIntervalSince1970: slot.dt + offset), in: utc)
            var day = days[date] ?? ForecastDay(date: date)
            let celsius = { (kelvin: Double?) in ForecastJSON.plausible(kelvin.map { $0 - 273.15 }, ForecastJSON.temperatures) }
            if let low = celsius(slot.main?.temp_min ?? slot.main?.temp) { day.minTemperature = min(day.minTemperature ?? low, low) }
            if let high = celsius(slot.main?.temp_max ?? slot.main?.temp) { day.maxTemperature = max(day.maxTemperature ?? high, high) }
            if let temperature = celsius(slot.main?.temp) { chart.append(temperature) }
            if let chance = ForecastJSON.plausible(slot.pop.map { $0 * 100 }, ForecastJSON.percentages) {
                day.precipitationProbability = max(day.precipitationProbability ?? chance, chance)
            }
            let fallen = [slot.rain?.threeHours, slot.snow?.threeHours].compactMap { ForecastJSON.plausible($0, ForecastJSON.precipitation) }
            if !fallen.isEmpty { day.precipitationSum = (day.precipitationSum ?? 0) + fallen.reduce(0, +) }
            if let condition = slot.weather?.first?.id.flatMap(WeatherCondition.init(openWeatherMapID:)) {
                day.condition = max(day.condition ?? condition, condition)
            }
            if let gusts = ForecastJSON.plausible(slot.wind?.gust.map { $0 * 3.6 }, ForecastJSON.speeds) {
                day.maxGusts = max(day.maxGusts ?? gusts, gusts)
            }
            days[date] = day
        }
        guard !days.isEmpty else { throw .noDays }
        return Forecast(
            place: place, latitude: envelope.city?.coord?.lat, longitude: envelope.city?.coord?.lon,
            timeZone: nil, source: "openweathermap", current: nil,
            days: days.values.sorted { $0.date < $1.date }, temperatures: chart)
    }
}
