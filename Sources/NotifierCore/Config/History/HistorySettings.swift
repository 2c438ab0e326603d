import Foundation
import NotifierEngine

/// `[history]`: how long what was decided is kept.
package struct HistorySettings: ConfigSection {
    package init() {}

    package static let table = "history"

    /// Days the decision notes (`notifier why`) are kept.
    package var days = 30

    package static let keys: [SectionKey<HistorySettings>] = [
        .integer("days", \.days, in: 1...3650)
    ]

    package static let documented = #"""
        [history]
        # Days the decisions `notifier why` reads are kept (fired, suppressed and why); older are pruned.
        days = 30
        """#
}
