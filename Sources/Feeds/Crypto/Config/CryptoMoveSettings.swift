import Foundation
import NotifierCore
import NotifierEngine

/// `[rules.crypto_move]`: `crypto_move`, a move within a window of stored prices.
package struct CryptoMoveSettings: ConfigSection {
    package init() {}

    package static let table = "rules.crypto_move"

    package var enabled = true
    package var percent = 3.0
    package var rearm = 2.0
    package var window = Duration.seconds(15 * 60)
    package var cooldown = Duration.seconds(30 * 60)
    package var repeatInterval: Duration?
    package var notifyResolved = false
    package var urgency = Urgency.normal
    package var overrides: [String: CryptoChangeRule.Levels] = [:]
    package var flap: FlapPolicy? = FlapPolicy()

    package static let keys: [SectionKey<CryptoMoveSettings>] = [
        .bool("enabled", \.enabled),
        .number("percent", \.percent, in: 0.1...1000),
        .number("rearm_percent", \.rearm, in: 0...1000),
        .duration("window", \.window, atLeast: .seconds(60)),
        .duration("cooldown", \.cooldown, atLeast: .zero),
        .optionalDuration("repeat", \.repeatInterval),
        .bool("notify_resolved", \.notifyResolved),
        .choice("urgency", \.urgency),
        .changeOverrides("overrides", \.overrides, level: "percent"),
        .flap("flap", \.flap),
    ]

    package func check() -> (key: String, message: String)? {
        guard rearm >= percent else { return nil }
        return ("rearm_percent", "must be below percent (\(percent.shortText)), got \(rearm.shortText)")
    }

    package var rule: CryptoMoveRule {
        CryptoMoveRule(
            percent: percent, rearmPercent: rearm, window: window,
            policy: AlertPolicy(cooldown: cooldown, repeatInterval: repeatInterval, notifyWhenResolved: notifyResolved, flap: flap),
            urgency: urgency, overrides: overrides)
    }

    package static let documented = #"""
        [rules.crypto_move]
        # A coin's price moving by at least `percent` within `window`, measured on the prices this
        # program stored at each poll (not the API's fixed windows). Re-arms once the move within the
        # window falls back below rearm_percent.
        enabled = true
        percent = 3
        rearm_percent = 2
        window = "15m"
        cooldown = "30m"
        repeat = ""
        notify_resolved = false
        urgency = "normal"
        # Per-coin levels, e.g. overrides = { DOGE = { percent = 8, rearm_percent = 5 } }
        overrides = {}
        # Flapping, as for crypto_change: {} for off.
        flap = { crossings = 4, within = "2h" }
        """#
}
