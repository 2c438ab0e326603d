import Foundation
import NotifierCore
import NotifierEngine

/// `[digest]`: once a day at `at`, one bubble on this desktop listing what went to the channels
/// instead of it since the last digest. Off with `at = ""`.
package struct DigestSettings: ConfigSection {
    package init() {}

    package static let table = "digest"

    /// A local time of day, "18:00"; "" for no digest.
    package var at = ""

    /// The time `at` says; `nil` for no digest.
    package var time: QuietHours.ClockTime? { try? QuietHours.ClockTime(parsing: at) }

    package static let keys: [SectionKey<DigestSettings>] = [.clockTime("at", \.at, orNone: "no digest")]

    package static let documented = #"""
        [digest]
        # A local time such as "18:00": once a day then, one notification here lists what went
        # to your channels instead of this desktop since the last one. "" for none.
        at = ""
        """#
}

extension Config {
    package var digest: DigestSettings {
        get { self[DigestSettings.self] }
        set { self[DigestSettings.self] = newValue }
    }
}
