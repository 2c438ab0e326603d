import Foundation
import NotifierCore
import NotifierEngine

// The pulse feed's tables of the config file, as a feed's own folder holds them.

/// `[pulse]`: whether it polls.
package struct PulseSettings: ConfigSection {
    package init() {}

    package static let table = "pulse"
    package var enabled = true

    package static let keys: [SectionKey<PulseSettings>] = [.bool("enabled", \.enabled)]

    package static let documented = #"""
        [pulse]
        # A feed only the tests have.
        enabled = true
        """#
}

/// `[rules.pulse_high]`: a pulse above `threshold` fires, re-armed below `rearm`.
package struct PulseHighSettings: ConfigSection {
    package init() {}

    package static let table = "rules.pulse_high"
    package var threshold = 5.0
    package var rearm = 4.0

    package static let keys: [SectionKey<PulseHighSettings>] = [
        .number("threshold", \.threshold, in: 0...100),
        .number("rearm", \.rearm, in: 0...100),
    ]

    package static let documented = #"""
        [rules.pulse_high]
        # A pulse above threshold fires; it fires again once it has been below rearm.
        threshold = 5
        rearm = 4
        """#

    package func check() -> (key: String, message: String)? {
        rearm < threshold ? nil : ("rearm", "must be below threshold (\(threshold.shortText))")
    }
}

extension Config {
    package var pulse: PulseSettings {
        get { self[PulseSettings.self] }
        set { self[PulseSettings.self] = newValue }
    }

    package var pulseHigh: PulseHighSettings {
        get { self[PulseHighSettings.self] }
        set { self[PulseHighSettings.self] = newValue }
    }
}
