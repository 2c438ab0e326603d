import Foundation
import NotifierCore
import NotifierEngine

/// `[rules.crypto_change]`: `crypto_change`, the API window's change beyond a threshold.
package struct CryptoChangeSettings: ConfigSection {
    package init() {}

    package static let table = "rules.crypto_change"

    package var enabled = true
    package var window = CryptoChangeRule.Window.day
    package var threshold = 5.0
    package var rearm = 4.0
    package var forDuration = Duration.zero
    package var cooldown = Duration.seconds(3600)
    package var notifyResolved = false
    package var urgency = Urgency.normal
    package var repeatInterval: Duration?
    package var titleTemplate = ""
    package var overrides: [String: CryptoChangeRule.Levels] = [:]
    /// On by default: a change's value does swing back and forth.
    package var flap: FlapPolicy? = FlapPolicy()

    package static let keys: [SectionKey<CryptoChangeSettings>] = [
        .bool("enabled", \.enabled),
        .choice("window", \.window),
        .number("threshold_percent", \.threshold, in: 0.1...1000),
        .number("rearm_percent", \.rearm, in: 0...1000),
        .duration("for", \.forDuration, atLeast: .zero),
        .duration("cooldown", \.cooldown, atLeast: .zero),
        .bool("notify_resolved", \.notifyResolved),
        .choice("urgency", \.urgency),
        .optionalDuration("repeat", \.repeatInterval),
        .template("title", \.titleTemplate, fields: CryptoChangeRule.templateFields),
        .changeOverrides("overrides", \.overrides),
        .flap("flap", \.flap),
    ]

    package func check() -> (key: String, message: String)? {
        guard rearm >= threshold else { return nil }
        return ("rearm_percent", "must be below threshold_percent (\(threshold.shortText)), got \(rearm.shortText)")
    }

    package var rule: CryptoChangeRule {
        CryptoChangeRule(
            window: window, thresholdPercent: threshold, rearmPercent: rearm,
            policy: AlertPolicy(
                forDuration: forDuration, cooldown: cooldown, repeatInterval: repeatInterval,
                notifyWhenResolved: notifyResolved, flap: flap),
            urgency: urgency, overrides: overrides,
            titleTemplate: titleTemplate.isEmpty ? nil : MessageTemplate(titleTemplate))
    }

    package static let documented = #"""
        [rules.crypto_change]
        # A coin's change over the API's window ("1h", "24h" or "7d") beyond ±threshold_percent. It fires
        # once per crossing and re-arms only after |change| falls back below rearm_percent (hysteresis).
        enabled = true
        window = "24h"
        threshold_percent = 5
        rearm_percent = 4
        # How long the change must hold before it notifies ("0s": at once).
        for = "0s"
        # After the change recedes, how long before the same coin and direction may notify again.
        cooldown = "1h"
        # Remind while a move lasts, every this long ("" for never).
        repeat = ""
        # Also notify when a move recedes.
        notify_resolved = false
        # "low", "normal" or "critical".
        urgency = "normal"
        # The title, with named fields: {symbol} {name} {change} {window} {arrow} {price} {threshold}.
        # "" for the built-in "BTC +6.2 % in 24h ▲".
        title = ""
        # Per-coin levels replacing threshold_percent and rearm_percent for that coin, e.g.
        # overrides = { BTC = { threshold_percent = 3, rearm_percent = 2 } }
        overrides = {}
        # Flapping: a coin firing `crossings` times within `within` gets one "flapping" notification,
        # then quiet until it has been calm for `within`, and one saying so. {} for off.
        flap = { crossings = 4, within = "2h" }
        """#
}
