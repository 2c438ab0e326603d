import Foundation
import NotifierCore
import NotifierEngine

/// `[rules.launch_country]`: the random country shown at start.
package struct LaunchCountrySettings: ConfigSection {
    package init() {}

    package static let table = "rules.launch_country"

    package var enabled = true
    package var delaySeconds = 3

    package static let keys: [SectionKey<LaunchCountrySettings>] = [
        .bool("enabled", \.enabled),
        .integer("delay_seconds", \.delaySeconds, in: 0...60),
    ]

    package static let documented = #"""
        [rules.launch_country]
        # A random country's basic facts, delay_seconds after start (0 to 60).
        enabled = true
        delay_seconds = 3
        """#
}
