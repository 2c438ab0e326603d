import Foundation
import NotifierCore
import NotifierEngine
import NotifierSystem

/// The forecast of one place from Open-Meteo (no key; names resolved by its geocoding API) or
/// OpenWeatherMap (`appid` needed; names resolved by the API itself). Error answers of both are
/// read for what they say, so a wrong key or city name is reported as such.
public struct ForecastFeed: Sendable {
    public static let name = "forecast"

    public enum Source: Sendable, Equatable {
        case openMeteo(baseURL: String, geocodingURL: String)
        case openWeatherMap(baseURL: String, apiKey: String)
    }

    public let http: HTTPClient
    public let source: Source

    public init(http: HTTPClient, source: Source) {
        self.http = http
        self.source = source
    }

    /// A place's coordinates from Open-Meteo's geocoding, best match first.
    public func geocode(_ name: String, geocodingURL: String) async throws(FeedError) -> OpenMeteoDecoder.Match {
        let url = "\(Self.trimmed(geocodingURL))/search?name=\(Self.queryValue(name))&count=1&language=en&format=json"
        let matches = try await fetch(url, decode: OpenMeteoDecoder.decodeSearch) { error, _, context in
            guard case .service(let reason) = error else { return nil }
            return .service(context, message: "geocoding refused '\(name)': \(String(reason.prefix(200)))")
        }
        guard let match = matches.first else {
            throw .service(
                RequestContext(feed: Self.name, method: "GET", url: url),
                message: "no place called '\(name)' was found: check feeds.forecast.places, or give its latitude and longitude")
        }
        return match
    }

    /// The forecast for `place` (named as the user named it) at the coordinates given, or, for
    /// OpenWeatherMap, by name when there are none.
    public func forecast(place: String, latitude: Double?, longitude: Double?) async throws(FeedError) -> Forecast {
        switch source {
        case .openMeteo(let baseURL, _):
            guard let latitude, let longitude else {
                throw .invalidURL(RequestContext(feed: Self.name, method: "GET", url: baseURL))
            }
            let url =
                "\(Self.trimmed(baseURL))/forecast?latitude=\(latitude)&longitude=\(longitude)"
                + "&hourly=temperature_2m,precipitation_probability,precipitation,weather_code,wind_gusts_10m"
                + "&daily=weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max,wind_gusts_10m_max"
                + "&current=temperature_2m,weather_code,wind_speed_10m,wind_gusts_10m&timezone=auto&forecast_days=7"
            return try await fetch(
                url, decode: { (data) throws(OpenMeteoDecoder.DecodeError) in try OpenMeteoDecoder.decodeForecast(data, place: place) },
                serviceError: { error, _, context in
                    guard case .service(let reason) = error else { return nil }
                    return .service(context, message: "refused the request: \(String(reason.prefix(200)))")
                })

        case .openWeatherMap(let baseURL, let apiKey):
            let location = latitude.flatMap { lat in longitude.map { "lat=\(lat)&lon=\($0)" } } ?? "q=\(Self.queryValue(place))"
            let url = "\(Self.trimmed(baseURL))/data/2.5/forecast?\(location)&appid=\(Self.queryValue(apiKey))"
            guard !apiKey.isEmpty else {
                throw .service(
                    RequestContext(feed: Self.name, method: "GET", url: url),
                    message: "OpenWeatherMap needs an API key: set feeds.forecast.api_key or NOTIFIER_OWM_KEY")
            }
            return try await fetch(
                url, decode: { (data) throws(OpenWeatherMapDecoder.DecodeError) in try OpenWeatherMapDecoder.decodeForecast(data, place: place) },
                serviceError: { error, response, context in
                    guard case .service(let code, let message) = error else { return nil }
                    return Self.openWeatherMapError(code: code ?? response.status, message: message, place: place, context: context)
                })
        }
    }

    /// GETs `url` and decodes it. Overload (429) and server errors are HTTP errors, so backoff
    /// and Retry-After apply; other answers are decoded, and an API's own error body becomes
    /// the message `serviceError` makes of it.
    private func fetch<Value, Failure: Error>(
        _ url: String, decode: (Data) throws(Failure) -> Value,
        serviceError: (Failure, HTTPResponse, RequestContext) -> FeedError?
    ) async throws(FeedError) -> Value {
        let context = RequestContext(feed: Self.name, method: "GET", url: url)
        var request = HTTPRequest.get(url)
        request.returnsErrorResponses = true
        let response = try await http.send(request, feed: Self.name)
        let httpError = FeedError.httpStatus(context, status: response.status, retryAfter: response.retryAfter)
        if response.status == 429 || response.status >= 500 { throw httpError }
        let value: Value
        do {
            value = try decode(response.body)
        } catch {
            if let mapped = serviceError(error, response, context) { throw mapped }
            throw (200..<300).contains(response.status) ? .decoding(context, detail: "\(error)") : httpError
        }
        guard (200..<300).contains(response.status) else { throw httpError }
        return value
    }

    static func openWeatherMapError(code: Int, message: String, place: String, context: RequestContext) -> FeedError {
        let said = String(message.prefix(200))
        switch code {
        case 401: return .service(context, message: "rejected the API key (401: \(said)): fix feeds.forecast.api_key or NOTIFIER_OWM_KEY")
        case 404: return .service(context, message: "found no place called '\(place)' (404: \(said)): check feeds.forecast.places")
        default: return .service(context, message: "answered \(code): \(said)")
        }
    }

    static func trimmed(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    static func queryValue(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
