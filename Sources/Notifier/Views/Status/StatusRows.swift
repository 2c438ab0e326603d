import Foundation

/// A reminder's or a calendar alarm's next time, for the home screen's "Next".
struct UpcomingRow: Sendable, Equatable {
    /// "reminder" or "alarm" (a calendar event's).
    var kind: String
    var name: String
    var text: String
    var at: Date
    /// The `notifier://` link Enter opens.
    var link: String

    /// Every feed's next times, the soonest first.
    static func load(context: AppContext, store: Store?, now: Date) -> [UpcomingRow] {
        let rows = FeedRegistry.all.flatMap { $0.upcoming(context: context, store: store, now: now) }
        return Array(rows.sorted { $0.at != $1.at ? $0.at < $1.at : $0.name < $1.name }.prefix(StatusReport.upcomingShown))
    }
}

/// One watch on the home screen: its value and state, and what is wrong when its last poll
/// brought no value.
struct WatchRow: Sendable, Equatable {
    var name: String
    var enabled: Bool
    var value: String?
    var state: String
    var lastFetch: Date?
    /// The last poll's trouble in a line; `nil` when it brought a value.
    var problem: String?
    var link: String

    init(
        name: String, enabled: Bool = true, value: String?, state: String, lastFetch: Date?, problem: String? = nil,
        link: String
    ) {
        self.name = name
        self.enabled = enabled
        self.value = value
        self.state = state
        self.lastFetch = lastFetch
        self.problem = problem
        self.link = link
    }
}
