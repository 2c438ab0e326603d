import Foundation

/// `[history]`: how long what was decided is kept.
struct HistorySettings: ConfigSection {
    static let table = "history"

    /// Days the decision notes (`notifier why`) are kept.
    var days = 30

    static let keys: [SectionKey<HistorySettings>] = [
        .integer("days", \.days, in: 1...3650)
    ]

    static let documented = #"""
        [history]
        # Days the decisions `notifier why` reads are kept (fired, suppressed and why); older are pruned.
        days = 30
        """#
}
