import Foundation
import NotifierCore
import NotifierEngine

/// `[feeds.countries]`: where country facts come from.
package struct CountriesSettings: ConfigSection {
    package init() {}

    package static let table = "feeds.countries"

    package var enabled = true
    package var source = CountriesSource.embedded
    package var baseURL = "https://api.restcountries.com/countries/v5"
    package var apiKey: Secret = ""
    package var interval = Duration.seconds(7 * 86400)

    package static let keys: [SectionKey<CountriesSettings>] = [
        .bool("enabled", \.enabled),
        .choice("source", \.source),
        .url("base_url", \.baseURL),
        .secret("api_key", \.apiKey),
        .duration("interval", \.interval, atLeast: .seconds(60)),
    ]

    package static let documented = #"""
        [feeds.countries]
        # Where country facts come from:
        #   "embedded"          compiled into the program, works offline (default)
        #   "restcountries-v5"  https://api.restcountries.com/countries/v5, needs api_key
        #   "restcountries-v3"  a self-hosted restcountries server speaking v3.1 (set base_url)
        enabled = true
        source = "embedded"
        base_url = "https://api.restcountries.com/countries/v5"
        # The key for restcountries-v5; the environment variable NOTIFIER_RESTCOUNTRIES_KEY wins.
        api_key = ""
        # How often a remote source is fetched again (the embedded one is never fetched).
        interval = "7d"
        """#
}
