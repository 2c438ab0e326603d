import Foundation
import NotifierCrypto
import NotifierEngine

/// `[rules.crypto_move]`: `crypto_move`, a move within a window of stored prices.
struct CryptoMoveSettings: ConfigSection {
    static let table = "rules.crypto_move"

    var enabled = true
    var percent = 3.0
    var rearm = 2.0
    var window = Duration.seconds(15 * 60)
    var cooldown = Duration.seconds(30 * 60)
    var repeatInterval: Duration?
    var notifyResolved = false
    var urgency = Urgency.normal
    var overrides: [String: CryptoChangeRule.Levels] = [:]
    var flap: FlapPolicy? = FlapPolicy()

    static let keys: [SectionKey<CryptoMoveSettings>] = [
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

    func check() -> (key: String, message: String)? {
        guard rearm >= percent else { return nil }
        return ("rearm_percent", "must be below percent (\(percent.shortText)), got \(rearm.shortText)")
    }

    var rule: CryptoMoveRule {
        CryptoMoveRule(
            percent: percent, rearmPercent: rearm, window: window,
            policy: AlertPolicy(cooldown: cooldown, repeatInterval: repeatInterval, notifyWhenResolved: notifyResolved, flap: flap),
            urgency: urgency, overrides: overrides)
    }

    static let documented = #"""
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
