import Foundation
import NotifierCore
import NotifierEngine

/// `[feeds.crypto]`: CoinLore, and which coins are watched.
package struct CryptoSettings: ConfigSection {
    package init() {}

    package static let table = "feeds.crypto"

    package var enabled = true
    package var baseURL = "https://api.coinlore.net/api"
    package var interval = Duration.seconds(30)
    package var symbols = ["BTC", "ETH"]
    package var top = 20
    package var degradedAfter = 5

    package static let keys: [SectionKey<CryptoSettings>] = [
        .bool("enabled", \.enabled),
        .url("base_url", \.baseURL),
        .duration("interval", \.interval, atLeast: .seconds(10)),
        .symbols("symbols", \.symbols),
        .integer("top", \.top, in: 0...100),
        .integer("degraded_after", \.degradedAfter, in: 1...1000),
    ]

    package static let documented = #"""
        [feeds.crypto]
        # CoinLore: no key. Watched: these symbols plus the top `top` coins by rank (0 to 100).
        enabled = true
        base_url = "https://api.coinlore.net/api"
        interval = "30s"
        symbols = ["BTC", "ETH"]
        top = 20
        # After this many failed polls in a row, one "feed is failing" notification (and one "recovered").
        degraded_after = 5
        """#
}
