import Foundation
import NotifierCore
import NotifierEngine

/// `[feeds.forecast]`: Open-Meteo or OpenWeatherMap, and the places.
package struct ForecastSettings: ConfigSection {
    package init() {}

    package static let table = "feeds.forecast"

    package var enabled = true
    package var source = ForecastSource.openMeteo
    package var baseURL = "https://api.open-meteo.com/v1"
    package var apiKey: Secret = ""
    package var interval = Duration.seconds(30 * 60)
    package var geocodingURL = "https://geocoding-api.open-meteo.com/v1"
    package var places = [ForecastPlace(name: "Tallinn")]
    package var degradedAfter = 5

    package static let keys: [SectionKey<ForecastSettings>] = [
        .bool("enabled", \.enabled),
        .choice("source", \.source),
        .url("base_url", \.baseURL),
        .secret("api_key", \.apiKey),
        .duration("interval", \.interval, atLeast: .seconds(60)),
        .url("geocoding_url", \.geocodingURL),
        .places("places", \.places),
        .integer("degraded_after", \.degradedAfter, in: 1...1000),
    ]

    /// The source as the feed needs it. OpenWeatherMap with the Open-Meteo default base URL
    /// means its own public host.
    package var feedSource: ForecastFeed.Source {
        switch source {
        case .openMeteo:
            return .openMeteo(baseURL: baseURL, geocodingURL: geocodingURL)
        case .openWeatherMap:
            let host = baseURL == Self().baseURL ? "https://api.openweathermap.org" : baseURL
            return .openWeatherMap(baseURL: host, apiKey: apiKey.revealed)
        }
    }

    package static let documented = #"""
        [feeds.forecast]
        # "open-meteo" (no key) or "openweathermap" (needs api_key).
        enabled = true
        source = "open-meteo"
        # Requests go to <base_url>/forecast (Open-Meteo) or <base_url>/data/2.5/forecast
        # (OpenWeatherMap; with the Open-Meteo URL left here, https://api.openweathermap.org is used).
        base_url = "https://api.open-meteo.com/v1"
        # For openweathermap; the environment variable NOTIFIER_OWM_KEY wins.
        api_key = ""
        # Each place is fetched at most once per interval.
        interval = "30m"
        # Open-Meteo resolves place names here (<geocoding_url>/search), once; the result is kept.
        geocoding_url = "https://geocoding-api.open-meteo.com/v1"
        # Names, or tables with coordinates: ["Tallinn", { name = "Tartu", latitude = 58.38, longitude = 26.72 }].
        # The first is what `notifier open forecast` shows without a name.
        places = ["Tallinn"]
        # After this many failed polls in a row, one "feed is failing" notification (and one "recovered").
        degraded_after = 5
        """#
}
