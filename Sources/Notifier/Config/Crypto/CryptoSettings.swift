import Foundation
import NotifierCrypto

/// `[feeds.crypto]`: CoinLore, and which coins are watched.
struct CryptoSettings: ConfigSection {
    static let table = "feeds.crypto"

    var enabled = true
    var baseURL = "https://api.coinlore.net/api"
    var interval = Duration.seconds(30)
    var symbols = ["BTC", "ETH"]
    var top = 20
    var degradedAfter = 5

    static let keys: [SectionKey<CryptoSettings>] = [
        .bool("enabled", \.enabled),
        .url("base_url", \.baseURL),
        .duration("interval", \.interval, atLeast: .seconds(10)),
        .symbols("symbols", \.symbols),
        .integer("top", \.top, in: 0...100),
        .integer("degraded_after", \.degradedAfter, in: 1...1000),
    ]

    static let documented = #"""
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
