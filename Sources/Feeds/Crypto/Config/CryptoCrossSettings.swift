import Foundation
import NotifierCore
import NotifierEngine

/// `[rules.crypto_cross]`: `crypto_cross`, a price crossing a level.
package struct CryptoCrossSettings: ConfigSection {
    package init() {}

    package static let table = "rules.crypto_cross"

    package var enabled = true
    package var levels: [String] = []
    package var rearm = 0.5
    package var urgency = Urgency.normal
    /// Off unless set: a level the user chose stays told.
    package var flap: FlapPolicy?

    package static let keys: [SectionKey<CryptoCrossSettings>] = [
        .bool("enabled", \.enabled),
        .priceLevels("levels", \.levels),
        .number("rearm_percent", \.rearm, in: 0...50),
        .choice("urgency", \.urgency),
        .flap("flap", \.flap),
    ]

    package var rule: PriceCrossingRule {
        PriceCrossingRule(
            levels: levels.compactMap(PriceCrossingRule.Level.init(parsing:)), rearmPercent: rearm, urgency: urgency, policy: AlertPolicy(flap: flap))
    }

    package static let documented = #"""
        [rules.crypto_cross]
        # A coin's price crossing a level: "SYMBOL > PRICE" or "SYMBOL < PRICE", in US dollars. It
        # notifies on the crossing, not while the price stays across, nor for a price already across
        # when first seen. Coins named here are watched even when not in feeds.crypto.
        enabled = true
        levels = []
        # How far back across the level, in percent of it, the price must go before another crossing counts.
        rearm_percent = 0.5
        urgency = "normal"
        # Flapping, as for crypto_change, but off unless set: e.g. { crossings = 4, within = "2h" }.
        flap = {}
        """#
}
