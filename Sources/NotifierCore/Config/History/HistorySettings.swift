import Foundation
import NotifierEngine

/// `[history]`: how long what was decided is kept.
package struct HistorySettings: ConfigSection {
    package init() {}

    package static let table = "history"

    /// Days the decision notes (`notifier why`) are kept.
    package var days = 30
    /// Days the delivery history (`notifier history`, its search) is kept.
    package var deliveryDays = 365

    package static let keys: [SectionKey<HistorySettings>] = [
        .integer("days", \.days, in: 1...3650),
        .integer("delivery_days", \.deliveryDays, in: 1...36500),
    ]

    package static let documented = #"""
        [history]
        # Days the decisions `notifier why` reads are kept (fired, suppressed and why); older are pruned.
        days = 30
        # Days what was delivered is kept (`notifier history` and its search); older rows are
        # pruned in small batches, off the delivery path. 36500 keeps it a century.
        delivery_days = 365
        """#
}
