import Foundation

/// `[rules.launch_country]`: the random country shown at start.
struct LaunchCountrySettings: ConfigSection {
    static let table = "rules.launch_country"

    var enabled = true
    var delaySeconds = 3

    static let keys: [SectionKey<LaunchCountrySettings>] = [
        .bool("enabled", \.enabled),
        .integer("delay_seconds", \.delaySeconds, in: 0...60),
    ]

    static let documented = #"""
        [rules.launch_country]
        # A random country's basic facts, delay_seconds after start (0 to 60).
        enabled = true
        delay_seconds = 3
        """#
}
