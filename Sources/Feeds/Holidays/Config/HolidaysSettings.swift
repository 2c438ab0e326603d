import Foundation
import NotifierCore
import NotifierEngine

/// `[feeds.holidays]`: computed Estonian holidays, or the remote API.
package struct HolidaysSettings: ConfigSection {
    package init() {}

    package static let table = "feeds.holidays"

    package var enabled = true
    package var source = HolidaysSource.embedded
    package var baseURL = ""
    package var apiKey: Secret = ""
    package var interval = Duration.seconds(6 * 3600)
    package var cacheTTL = Duration.seconds(7 * 86400)

    package static let keys: [SectionKey<HolidaysSettings>] = [
        .bool("enabled", \.enabled),
        .choice("source", \.source),
        .url("base_url", \.baseURL),
        .secret("api_key", \.apiKey),
        .duration("interval", \.interval, atLeast: .seconds(60)),
        .duration("cache_ttl", \.cacheTTL, atLeast: .zero),
    ]

    package static let documented = #"""
        [feeds.holidays]
        # "embedded" (computed, offline) or "remote" (the holiday API at base_url, needs api_key).
        enabled = true
        source = "embedded"
        base_url = ""
        # The environment variable NOTIFIER_HOLIDAYS_KEY wins.
        api_key = ""
        interval = "6h"
        # Days fetched from the remote API are asked again only after this long.
        cache_ttl = "7d"
        """#
}
