import Foundation

@testable import Notifier

// The pulse feed's tables of the config file, as a feed's own folder holds them.

/// `[pulse]`: whether it polls.
struct PulseSettings: ConfigSection {
    static let table = "pulse"
    var enabled = true

    static let keys: [SectionKey<PulseSettings>] = [.bool("enabled", \.enabled)]

    static let documented = #"""
        [pulse]
        # A feed only the tests have.
        enabled = true
        """#
}

/// `[rules.pulse_high]`: a pulse above `threshold` fires, re-armed below `rearm`.
struct PulseHighSettings: ConfigSection {
    static let table = "rules.pulse_high"
    var threshold = 5.0
    var rearm = 4.0

    static let keys: [SectionKey<PulseHighSettings>] = [
        .number("threshold", \.threshold, in: 0...100),
        .number("rearm", \.rearm, in: 0...100),
    ]

    static let documented = #"""
        [rules.pulse_high]
        # A pulse above threshold fires; it fires again once it has been below rearm.
        threshold = 5
        rearm = 4
        """#

    func check() -> (key: String, message: String)? {
        rearm < threshold ? nil : ("rearm", "must be below threshold (\(threshold.shortText))")
    }
}

extension Config {
    var pulse: PulseSettings {
        get { self[PulseSettings.self] }
        set { self[PulseSettings.self] = newValue }
    }

    var pulseHigh: PulseHighSettings {
        get { self[PulseHighSettings.self] }
        set { self[PulseHighSettings.self] = newValue }
    }
}
